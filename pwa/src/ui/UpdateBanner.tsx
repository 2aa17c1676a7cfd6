import { Banner } from "./Banner.tsx";
import { Button } from "./Button.tsx";

type UpdateBannerProps = { onReload: () => void; onDismiss: () => void };

/** Offered when a new service worker is waiting (registerType "prompt"). */
export function UpdateBanner({ onReload, onDismiss }: UpdateBannerProps) {
  return (
    <Banner>
      <span>A new version is available.</span>
      <Button onClick={onReload}>Reload</Button>
      <Button variant="text" onClick={onDismiss}>Later</Button>
    </Banner>
  );
}
