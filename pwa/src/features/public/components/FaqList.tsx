import type { ReactNode } from "react";

export type FaqItem = { question: string; answer: ReactNode };

/** Questions that open in place, so a long list stays short on a phone. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="public-faq">
      {items.map((item) => (
        <details key={item.question} className="public-faq__item">
          <summary>{item.question}</summary>
          <div className="public-faq__answer">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
