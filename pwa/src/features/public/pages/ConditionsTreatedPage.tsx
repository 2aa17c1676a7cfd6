import { Link } from "react-router";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import {
  ADOLESCENT_MEDICINE_AGES,
  CHRONIC_VISITS_PER_YEAR,
  CONTROLLED_SUBSTANCE_CLASSES,
  joinList,
  MINIMUM_AGE,
  ONLINE_MANAGEABLE_PERCENT,
  PUBLIC_PATHS,
  YOUNGEST_EXCLUDED_AGE,
} from "../policies.ts";

const CONDITION_GROUPS = [
  {
    id: "everyday",
    title: "Everyday illnesses",
    conditions: [
      "colds, flu and sore throat",
      "sinus and ear infections",
      "allergies and hay fever",
      "coughs and bronchitis",
      "urinary tract infections",
      "stomach upsets, nausea and heartburn",
      "pink eye",
    ],
  },
  {
    id: "skin",
    title: "Skin",
    conditions: ["rashes and hives", "acne and rosacea", "eczema and psoriasis", "minor wounds and insect bites"],
  },
  {
    id: "chronic",
    title: "Long-term conditions",
    conditions: [
      "high blood pressure",
      "type 2 diabetes",
      "high cholesterol",
      "thyroid disorders",
      "asthma and COPD",
      "acid reflux",
    ],
  },
  {
    id: "wellbeing",
    title: "Wellbeing and prevention",
    conditions: [
      "depression and low mood, treated without controlled substances",
      "quitting smoking",
      "weight and lifestyle coaching",
      "yearly check-ins, lab orders and screening advice",
    ],
  },
] as const;

const SECTIONS: readonly PolicySection[] = [
  ...CONDITION_GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    body: (
      <ul className="public-columns">
        {group.conditions.map((condition) => <li key={condition}>{condition}</li>)}
      </ul>
    ),
  })),
  {
    id: "chronic-visits",
    title: "How often you will meet",
    body: (
      <p>
        A stable long-term condition typically needs {CHRONIC_VISITS_PER_YEAR.min} to{" "}
        {CHRONIC_VISITS_PER_YEAR.max} virtual visits a year, with messages, home readings and labs in between.
      </p>
    ),
  },
  {
    id: "not-treated",
    title: "What we do not treat online",
    body: (
      <ul>
        <li>emergencies: call 911;</li>
        <li>
          conditions that need controlled substances, such as controlled{" "}
          {joinList(CONTROLLED_SUBSTANCE_CLASSES)} medications;
        </li>
        <li>hormone or testosterone treatment;</li>
        <li>conditions that need cardiac imaging;</li>
        <li>
          children: patients must be {MINIMUM_AGE} or older, and nobody aged {YOUNGEST_EXCLUDED_AGE} or under is
          served. Adolescent medicine, which covers ages {ADOLESCENT_MEDICINE_AGES.from} to{" "}
          {ADOLESCENT_MEDICINE_AGES.to}, is outside our adult-only service.
        </li>
      </ul>
    ),
  },
];

/** `/conditions-treated`: what can be cared for online, and what cannot. */
export function ConditionsTreatedPage() {
  return (
    <PolicyLayout
      title="Conditions treated"
      intro={
        <p>
          Over {ONLINE_MANAGEABLE_PERCENT} percent of the conditions seen in a doctor's office can be managed online.
          Your doctor will tell you when a problem needs an in-person exam. Not sure?{" "}
          <Link to={PUBLIC_PATHS.faq}>Read the FAQ</Link> or <Link to={PUBLIC_PATHS.contactUs}>ask us</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
