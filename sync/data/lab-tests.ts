/**
 * Common primary-care laboratory orders with their LOINC codes.
 *
 * Source: LOINC (Regenstrief Institute, https://loinc.org), the order/panel and
 * test codes most used in outpatient primary care, written out by hand for this
 * project in November 2026 (the LOINC table itself cannot be downloaded in this
 * build environment). Names are our short display names, not LOINC's fully
 * specified names. Check the codes against a current LOINC release before
 * submitting orders to a real laboratory interface. LOINC codes are free to use
 * under the LOINC licence. Searched by `searchLabTests` (prefix of words, or code).
 */
export type LabTest = { code: string; name: string; category: LabCategory; aliases: string[] };
export type LabCategory = "Panel" | "Chemistry" | "Hematology" | "Endocrine" | "Urine" | "Infectious" | "Cardiac" | "Other";

const RAW: [string, string, LabCategory, string][] = [
  ["24323-8", "Comprehensive metabolic panel (CMP)", "Panel", "CMP chem 14"],
  ["24321-2", "Basic metabolic panel (BMP)", "Panel", "BMP chem 7"],
  ["57021-8", "Complete blood count with differential (CBC w/ diff)", "Hematology", "CBC"],
  ["58410-2", "Complete blood count without differential (CBC)", "Hematology", "CBC"],
  ["24331-1", "Lipid panel", "Panel", "cholesterol lipids"],
  ["24325-3", "Hepatic function panel", "Panel", "LFT liver"],
  ["24362-6", "Renal function panel", "Panel", "kidney"],
  ["24356-8", "Urinalysis, complete", "Urine", "UA"],
  ["24357-6", "Urinalysis, dipstick", "Urine", "UA"],
  ["4548-4", "Hemoglobin A1c (HbA1c)", "Endocrine", "A1c glycated diabetes"],
  ["3016-3", "Thyroid stimulating hormone (TSH)", "Endocrine", "thyroid"],
  ["3024-7", "Free thyroxine (free T4)", "Endocrine", "thyroid FT4"],
  ["3051-0", "Free triiodothyronine (free T3)", "Endocrine", "thyroid FT3"],
  ["3053-6", "Triiodothyronine, total (T3)", "Endocrine", "thyroid"],
  ["62292-8", "Vitamin D, 25-hydroxy", "Chemistry", "25-OH vit D"],
  ["2857-1", "Prostate specific antigen (PSA)", "Other", "prostate"],
  ["10886-0", "Prostate specific antigen, free", "Other", "PSA prostate"],
  ["2132-9", "Vitamin B12", "Chemistry", "cobalamin"],
  ["2284-8", "Folate, serum", "Chemistry", "folic acid"],
  ["2276-4", "Ferritin", "Hematology", "iron"],
  ["2498-4", "Iron, serum", "Hematology", "Fe"],
  ["2500-7", "Iron binding capacity, total (TIBC)", "Hematology", "iron"],
  ["2093-3", "Cholesterol, total", "Chemistry", "lipids"],
  ["2085-9", "HDL cholesterol", "Chemistry", "lipids"],
  ["13457-7", "LDL cholesterol, calculated", "Chemistry", "lipids"],
  ["2571-8", "Triglycerides", "Chemistry", "lipids"],
  ["2345-7", "Glucose, serum or plasma", "Chemistry", "sugar"],
  ["1558-6", "Glucose, fasting", "Chemistry", "sugar"],
  ["2160-0", "Creatinine, serum", "Chemistry", "kidney"],
  ["3094-0", "Urea nitrogen (BUN)", "Chemistry", "kidney"],
  ["2823-3", "Potassium", "Chemistry", "K electrolytes"],
  ["2951-2", "Sodium", "Chemistry", "Na electrolytes"],
  ["17861-6", "Calcium", "Chemistry", "Ca"],
  ["19123-9", "Magnesium", "Chemistry", "Mg"],
  ["2777-1", "Phosphorus", "Chemistry", "phosphate"],
  ["3084-1", "Uric acid", "Chemistry", "gout"],
  ["1742-6", "Alanine aminotransferase (ALT)", "Chemistry", "liver SGPT"],
  ["1920-8", "Aspartate aminotransferase (AST)", "Chemistry", "liver SGOT"],
  ["6768-6", "Alkaline phosphatase", "Chemistry", "liver ALP"],
  ["1975-2", "Bilirubin, total", "Chemistry", "liver"],
  ["1751-7", "Albumin", "Chemistry", "protein"],
  ["2324-2", "Gamma glutamyl transferase (GGT)", "Chemistry", "liver"],
  ["3040-3", "Lipase", "Chemistry", "pancreas"],
  ["1798-8", "Amylase", "Chemistry", "pancreas"],
  ["1988-5", "C-reactive protein (CRP)", "Chemistry", "inflammation"],
  ["30522-7", "C-reactive protein, high sensitivity (hs-CRP)", "Cardiac", "inflammation"],
  ["30341-2", "Erythrocyte sedimentation rate (ESR)", "Hematology", "sed rate"],
  ["5902-2", "Prothrombin time (PT)", "Hematology", "coagulation"],
  ["6301-6", "INR", "Hematology", "coagulation warfarin"],
  ["3173-2", "Partial thromboplastin time (aPTT)", "Hematology", "coagulation PTT"],
  ["718-7", "Hemoglobin", "Hematology", "Hgb"],
  ["4544-3", "Hematocrit", "Hematology", "Hct"],
  ["777-3", "Platelet count", "Hematology", "platelets"],
  ["6690-2", "White blood cell count (WBC)", "Hematology", "leukocytes"],
  ["14959-1", "Microalbumin/creatinine ratio, urine", "Urine", "albuminuria UACR"],
  ["630-4", "Urine culture", "Urine", "UTI bacteria"],
  ["2106-3", "Pregnancy test (hCG), urine", "Urine", "hCG"],
  ["21198-7", "hCG, quantitative, serum", "Endocrine", "pregnancy beta"],
  ["78012-2", "Strep A rapid antigen, throat", "Infectious", "strep throat"],
  ["94500-6", "SARS-CoV-2 (COVID-19) RNA, NAA", "Infectious", "covid PCR"],
  ["56888-1", "HIV 1/2 antigen and antibody screen", "Infectious", "HIV"],
  ["13955-0", "Hepatitis C virus antibody", "Infectious", "HCV hep C"],
  ["5196-1", "Hepatitis B surface antigen", "Infectious", "HBsAg hep B"],
  ["16935-9", "Hepatitis B surface antibody", "Infectious", "HBsAb hep B immunity"],
  ["20507-0", "Syphilis screen (RPR)", "Infectious", "RPR"],
  ["21613-5", "Chlamydia trachomatis, NAA", "Infectious", "STI chlamydia"],
  ["24111-7", "Neisseria gonorrhoeae, NAA", "Infectious", "STI gonorrhea"],
  ["2986-8", "Testosterone, total", "Endocrine", "androgen"],
  ["2243-4", "Estradiol", "Endocrine", "estrogen"],
  ["15067-2", "Follicle stimulating hormone (FSH)", "Endocrine", "FSH"],
  ["10501-5", "Luteinizing hormone (LH)", "Endocrine", "LH"],
  ["2842-3", "Prolactin", "Endocrine", "prolactin"],
  ["2143-6", "Cortisol", "Endocrine", "cortisol"],
  ["20448-7", "Insulin", "Endocrine", "insulin"],
  ["5671-3", "Lead, blood", "Other", "lead"],
  ["29771-3", "Fecal immunochemical test (FIT)", "Other", "stool occult blood colon"],
  ["31017-7", "Tissue transglutaminase IgA", "Other", "celiac tTG"],
  ["11572-5", "Rheumatoid factor", "Other", "RF arthritis"],
  ["30934-4", "B-type natriuretic peptide (BNP)", "Cardiac", "heart failure"],
  ["33762-6", "NT-proBNP", "Cardiac", "heart failure"],
  ["10839-9", "Troponin I, cardiac", "Cardiac", "troponin"],
  ["33914-3", "Estimated GFR (MDRD)", "Chemistry", "eGFR kidney"],
];

export const LAB_TESTS: readonly LabTest[] = RAW.map(([code, name, category, aliases]) => ({
  code, name, category, aliases: aliases.split(" ").filter(Boolean),
}));
export const labTestByCode: ReadonlyMap<string, LabTest> = new Map(LAB_TESTS.map((t) => [t.code, t]));

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean);

/**
 * By code (exact or prefix: `2432`) or by words: every word of the search is a
 * prefix of a word of the name or an alias (`cbc`, `lipid pan`, `vit d`).
 */
export function searchLabTests(search: string | undefined, limit: number): LabTest[] {
  const q = (search ?? "").trim().toLowerCase();
  if (!q) return LAB_TESTS.slice(0, limit);
  const byCode = LAB_TESTS.filter((t) => t.code.startsWith(q));
  if (byCode.length) return byCode.slice(0, limit);
  const needles = words(q);
  return LAB_TESTS.filter((t) => {
    const hay = [...words(t.name), ...t.aliases.flatMap(words)];
    return needles.every((n) => hay.some((h) => h.startsWith(n)));
  }).slice(0, limit);
}
