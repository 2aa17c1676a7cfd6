/**
 * The curated source of sync/data/medications.ts: one line per generic drug,
 * `name|class|form:strength,strength;form:strength…|flag`. Forms: tab, tab-er,
 * cap, cap-er, susp, sol, cream, oint, gel, lotion, inh, spray, drops-eye,
 * drops-ear, patch, pen, vial, supp, powder, lozenge, shampoo, foam.
 * Flags: C2…C5 (DEA schedule), X (excluded by policy: hormone or testosterone
 * treatment). Written by hand for this project (November 2026); see
 * sync/data/README.md for what this list is and is not.
 */
export const MEDICATION_LINES = `
amoxicillin|penicillin antibiotic|cap:250 mg,500 mg;tab:500 mg,875 mg;susp:125 mg/5 mL,200 mg/5 mL,250 mg/5 mL,400 mg/5 mL;tab-chew:125 mg,250 mg
amoxicillin and clavulanate|penicillin antibiotic|tab:250-125 mg,500-125 mg,875-125 mg;susp:200-28.5 mg/5 mL,400-57 mg/5 mL,600-42.9 mg/5 mL;tab-er:1000-62.5 mg
penicillin V potassium|penicillin antibiotic|tab:250 mg,500 mg;sol:125 mg/5 mL,250 mg/5 mL
dicloxacillin|penicillin antibiotic|cap:250 mg,500 mg
ampicillin|penicillin antibiotic|cap:250 mg,500 mg
cephalexin|cephalosporin antibiotic|cap:250 mg,500 mg,750 mg;susp:125 mg/5 mL,250 mg/5 mL;tab:250 mg,500 mg
cefadroxil|cephalosporin antibiotic|cap:500 mg;tab:1 g;susp:250 mg/5 mL,500 mg/5 mL
cefuroxime axetil|cephalosporin antibiotic|tab:250 mg,500 mg
cefdinir|cephalosporin antibiotic|cap:300 mg;susp:125 mg/5 mL,250 mg/5 mL
cefpodoxime|cephalosporin antibiotic|tab:100 mg,200 mg;susp:50 mg/5 mL,100 mg/5 mL
cefprozil|cephalosporin antibiotic|tab:250 mg,500 mg;susp:125 mg/5 mL,250 mg/5 mL
azithromycin|macrolide antibiotic|tab:250 mg,500 mg,600 mg;susp:100 mg/5 mL,200 mg/5 mL
clarithromycin|macrolide antibiotic|tab:250 mg,500 mg;tab-er:500 mg;susp:125 mg/5 mL,250 mg/5 mL
erythromycin|macrolide antibiotic|tab:250 mg,500 mg;oint-eye:0.5 %
doxycycline hyclate|tetracycline antibiotic|cap:50 mg,100 mg;tab:20 mg,50 mg,75 mg,100 mg,150 mg
doxycycline monohydrate|tetracycline antibiotic|cap:50 mg,100 mg,150 mg;tab:50 mg,75 mg,100 mg,150 mg
minocycline|tetracycline antibiotic|cap:50 mg,75 mg,100 mg;tab:50 mg,75 mg,100 mg;tab-er:45 mg,90 mg,135 mg
tetracycline|tetracycline antibiotic|cap:250 mg,500 mg
ciprofloxacin|fluoroquinolone antibiotic|tab:250 mg,500 mg,750 mg;drops-eye:0.3 %;drops-ear:0.2 %
levofloxacin|fluoroquinolone antibiotic|tab:250 mg,500 mg,750 mg;drops-eye:0.5 %
moxifloxacin|fluoroquinolone antibiotic|tab:400 mg;drops-eye:0.5 %
ofloxacin|fluoroquinolone antibiotic|drops-eye:0.3 %;drops-ear:0.3 %
sulfamethoxazole and trimethoprim|sulfonamide antibiotic|tab:400-80 mg,800-160 mg;susp:200-40 mg/5 mL
trimethoprim|antibiotic|tab:100 mg
nitrofurantoin monohydrate macrocrystals|urinary antibiotic|cap:100 mg
nitrofurantoin macrocrystals|urinary antibiotic|cap:25 mg,50 mg,100 mg
fosfomycin|urinary antibiotic|powder:3 g
metronidazole|nitroimidazole antibiotic|tab:250 mg,500 mg;gel:0.75 %,1 %;cream:0.75 %;gel-vaginal:0.75 %
tinidazole|nitroimidazole antibiotic|tab:250 mg,500 mg
clindamycin|lincosamide antibiotic|cap:75 mg,150 mg,300 mg;gel:1 %;lotion:1 %;sol:1 %;cream-vaginal:2 %
linezolid|oxazolidinone antibiotic|tab:600 mg
mupirocin|topical antibiotic|oint:2 %;cream:2 %
bacitracin|topical antibiotic|oint:500 units/g
neomycin, polymyxin B and dexamethasone|topical antibiotic|drops-eye:3.5 mg-10000 units-0.1 %/mL
polymyxin B and trimethoprim|topical antibiotic|drops-eye:10000 units-1 mg/mL
tobramycin|aminoglycoside antibiotic|drops-eye:0.3 %
gentamicin|aminoglycoside antibiotic|drops-eye:0.3 %;cream:0.1 %;oint:0.1 %
ciprofloxacin and dexamethasone|topical antibiotic|drops-ear:0.3-0.1 %
neomycin, polymyxin B and hydrocortisone|topical antibiotic|drops-ear:3.5 mg-10000 units-10 mg/mL
silver sulfadiazine|topical antibiotic|cream:1 %
acyclovir|antiviral|tab:400 mg,800 mg;cap:200 mg;susp:200 mg/5 mL;cream:5 %;oint:5 %
valacyclovir|antiviral|tab:500 mg,1 g
famciclovir|antiviral|tab:125 mg,250 mg,500 mg
oseltamivir|antiviral|cap:30 mg,45 mg,75 mg;susp:6 mg/mL
fluconazole|azole antifungal|tab:50 mg,100 mg,150 mg,200 mg;susp:10 mg/mL,40 mg/mL
terbinafine|antifungal|tab:250 mg;cream:1 %
nystatin|antifungal|susp:100000 units/mL;cream:100000 units/g;oint:100000 units/g;powder:100000 units/g
clotrimazole|azole antifungal|cream:1 %;sol:1 %;lozenge:10 mg;cream-vaginal:1 %,2 %
ketoconazole|azole antifungal|cream:2 %;shampoo:2 %;foam:2 %
miconazole|azole antifungal|cream:2 %;cream-vaginal:2 %,4 %;supp-vaginal:100 mg,200 mg
econazole|azole antifungal|cream:1 %
ciclopirox|antifungal|cream:0.77 %;sol:8 %;shampoo:1 %
nitazoxanide|antiparasitic|tab:500 mg
ivermectin|antiparasitic|tab:3 mg;cream:1 %;lotion:0.5 %
permethrin|antiparasitic|cream:5 %;lotion:1 %
albendazole|antiparasitic|tab:200 mg
hydroxychloroquine|antimalarial|tab:200 mg,300 mg,400 mg
lisinopril|ACE inhibitor|tab:2.5 mg,5 mg,10 mg,20 mg,30 mg,40 mg
enalapril|ACE inhibitor|tab:2.5 mg,5 mg,10 mg,20 mg
benazepril|ACE inhibitor|tab:5 mg,10 mg,20 mg,40 mg
ramipril|ACE inhibitor|cap:1.25 mg,2.5 mg,5 mg,10 mg
quinapril|ACE inhibitor|tab:5 mg,10 mg,20 mg,40 mg
fosinopril|ACE inhibitor|tab:10 mg,20 mg,40 mg
trandolapril|ACE inhibitor|tab:1 mg,2 mg,4 mg
perindopril|ACE inhibitor|tab:2 mg,4 mg,8 mg
lisinopril and hydrochlorothiazide|ACE inhibitor|tab:10-12.5 mg,20-12.5 mg,20-25 mg
losartan|angiotensin receptor blocker|tab:25 mg,50 mg,100 mg
losartan and hydrochlorothiazide|angiotensin receptor blocker|tab:50-12.5 mg,100-12.5 mg,100-25 mg
valsartan|angiotensin receptor blocker|tab:40 mg,80 mg,160 mg,320 mg
valsartan and hydrochlorothiazide|angiotensin receptor blocker|tab:80-12.5 mg,160-12.5 mg,160-25 mg,320-25 mg
irbesartan|angiotensin receptor blocker|tab:75 mg,150 mg,300 mg
olmesartan|angiotensin receptor blocker|tab:5 mg,20 mg,40 mg
telmisartan|angiotensin receptor blocker|tab:20 mg,40 mg,80 mg
candesartan|angiotensin receptor blocker|tab:4 mg,8 mg,16 mg,32 mg
amlodipine|calcium channel blocker|tab:2.5 mg,5 mg,10 mg
nifedipine|calcium channel blocker|tab-er:30 mg,60 mg,90 mg
felodipine|calcium channel blocker|tab-er:2.5 mg,5 mg,10 mg
diltiazem|calcium channel blocker|tab:30 mg,60 mg,90 mg,120 mg;cap-er:120 mg,180 mg,240 mg,300 mg,360 mg
verapamil|calcium channel blocker|tab:40 mg,80 mg,120 mg;tab-er:120 mg,180 mg,240 mg
amlodipine and benazepril|calcium channel blocker|cap:2.5-10 mg,5-10 mg,5-20 mg,10-20 mg,10-40 mg
hydrochlorothiazide|thiazide diuretic|tab:12.5 mg,25 mg,50 mg;cap:12.5 mg
chlorthalidone|thiazide diuretic|tab:25 mg,50 mg
indapamide|thiazide diuretic|tab:1.25 mg,2.5 mg
furosemide|loop diuretic|tab:20 mg,40 mg,80 mg;sol:10 mg/mL
bumetanide|loop diuretic|tab:0.5 mg,1 mg,2 mg
torsemide|loop diuretic|tab:5 mg,10 mg,20 mg,100 mg
spironolactone|potassium-sparing diuretic|tab:25 mg,50 mg,100 mg
eplerenone|potassium-sparing diuretic|tab:25 mg,50 mg
triamterene and hydrochlorothiazide|potassium-sparing diuretic|tab:37.5-25 mg,75-50 mg;cap:37.5-25 mg
metoprolol tartrate|beta blocker|tab:25 mg,37.5 mg,50 mg,75 mg,100 mg
metoprolol succinate|beta blocker|tab-er:25 mg,50 mg,100 mg,200 mg
atenolol|beta blocker|tab:25 mg,50 mg,100 mg
carvedilol|beta blocker|tab:3.125 mg,6.25 mg,12.5 mg,25 mg
propranolol|beta blocker|tab:10 mg,20 mg,40 mg,80 mg;cap-er:60 mg,80 mg,120 mg,160 mg
bisoprolol|beta blocker|tab:5 mg,10 mg
nebivolol|beta blocker|tab:2.5 mg,5 mg,10 mg,20 mg
labetalol|beta blocker|tab:100 mg,200 mg,300 mg
nadolol|beta blocker|tab:20 mg,40 mg,80 mg
clonidine|alpha-2 agonist|tab:0.1 mg,0.2 mg,0.3 mg;patch:0.1 mg/24 hr,0.2 mg/24 hr,0.3 mg/24 hr
hydralazine|vasodilator|tab:10 mg,25 mg,50 mg,100 mg
doxazosin|alpha blocker|tab:1 mg,2 mg,4 mg,8 mg
terazosin|alpha blocker|cap:1 mg,2 mg,5 mg,10 mg
prazosin|alpha blocker|cap:1 mg,2 mg,5 mg
isosorbide mononitrate|nitrate|tab-er:30 mg,60 mg,120 mg
nitroglycerin|nitrate|tab-sl:0.3 mg,0.4 mg,0.6 mg;spray:0.4 mg/spray
digoxin|cardiac glycoside|tab:125 mcg,250 mcg
amiodarone|antiarrhythmic|tab:100 mg,200 mg,400 mg
atorvastatin|statin|tab:10 mg,20 mg,40 mg,80 mg
rosuvastatin|statin|tab:5 mg,10 mg,20 mg,40 mg
simvastatin|statin|tab:5 mg,10 mg,20 mg,40 mg,80 mg
pravastatin|statin|tab:10 mg,20 mg,40 mg,80 mg
lovastatin|statin|tab:10 mg,20 mg,40 mg
pitavastatin|statin|tab:1 mg,2 mg,4 mg
ezetimibe|cholesterol absorption inhibitor|tab:10 mg
ezetimibe and simvastatin|statin|tab:10-10 mg,10-20 mg,10-40 mg,10-80 mg
fenofibrate|fibrate|tab:48 mg,54 mg,145 mg,160 mg;cap:67 mg,134 mg,200 mg
gemfibrozil|fibrate|tab:600 mg
omega-3-acid ethyl esters|lipid regulator|cap:1 g
icosapent ethyl|lipid regulator|cap:0.5 g,1 g
aspirin|antiplatelet|tab-ec:81 mg,325 mg;tab-chew:81 mg
clopidogrel|antiplatelet|tab:75 mg
warfarin|anticoagulant|tab:1 mg,2 mg,2.5 mg,3 mg,4 mg,5 mg,6 mg,7.5 mg,10 mg
apixaban|anticoagulant|tab:2.5 mg,5 mg
rivaroxaban|anticoagulant|tab:2.5 mg,10 mg,15 mg,20 mg
dabigatran|anticoagulant|cap:75 mg,150 mg
metformin|biguanide|tab:500 mg,850 mg,1000 mg;tab-er:500 mg,750 mg,1000 mg;sol:500 mg/5 mL
glipizide|sulfonylurea|tab:5 mg,10 mg;tab-er:2.5 mg,5 mg,10 mg
glimepiride|sulfonylurea|tab:1 mg,2 mg,4 mg
glyburide|sulfonylurea|tab:1.25 mg,2.5 mg,5 mg
pioglitazone|thiazolidinedione|tab:15 mg,30 mg,45 mg
sitagliptin|DPP-4 inhibitor|tab:25 mg,50 mg,100 mg
sitagliptin and metformin|DPP-4 inhibitor|tab:50-500 mg,50-1000 mg
linagliptin|DPP-4 inhibitor|tab:5 mg
saxagliptin|DPP-4 inhibitor|tab:2.5 mg,5 mg
empagliflozin|SGLT2 inhibitor|tab:10 mg,25 mg
dapagliflozin|SGLT2 inhibitor|tab:5 mg,10 mg
canagliflozin|SGLT2 inhibitor|tab:100 mg,300 mg
semaglutide|GLP-1 agonist|pen:0.25 mg/dose,0.5 mg/dose,1 mg/dose,2 mg/dose;tab:3 mg,7 mg,14 mg
dulaglutide|GLP-1 agonist|pen:0.75 mg/0.5 mL,1.5 mg/0.5 mL,3 mg/0.5 mL,4.5 mg/0.5 mL
liraglutide|GLP-1 agonist|pen:18 mg/3 mL
insulin glargine|insulin|pen:100 units/mL,300 units/mL;vial:100 units/mL
insulin detemir|insulin|pen:100 units/mL
insulin degludec|insulin|pen:100 units/mL,200 units/mL
insulin lispro|insulin|pen:100 units/mL;vial:100 units/mL
insulin aspart|insulin|pen:100 units/mL;vial:100 units/mL
insulin NPH human|insulin|vial:100 units/mL;pen:100 units/mL
insulin regular human|insulin|vial:100 units/mL
levothyroxine|thyroid replacement|tab:25 mcg,50 mcg,75 mcg,88 mcg,100 mcg,112 mcg,125 mcg,137 mcg,150 mcg,175 mcg,200 mcg
liothyronine|thyroid replacement|tab:5 mcg,25 mcg,50 mcg
methimazole|antithyroid|tab:5 mg,10 mg
propylthiouracil|antithyroid|tab:50 mg
prednisone|corticosteroid|tab:1 mg,2.5 mg,5 mg,10 mg,20 mg,50 mg
prednisolone|corticosteroid|sol:15 mg/5 mL;drops-eye:1 %
methylprednisolone|corticosteroid|tab:4 mg,8 mg,16 mg,32 mg
dexamethasone|corticosteroid|tab:0.5 mg,0.75 mg,1 mg,1.5 mg,4 mg,6 mg
hydrocortisone|corticosteroid|cream:1 %,2.5 %;oint:1 %,2.5 %;tab:5 mg,10 mg,20 mg
triamcinolone|corticosteroid|cream:0.025 %,0.1 %,0.5 %;oint:0.1 %;spray-nasal:55 mcg/spray
clobetasol|corticosteroid|cream:0.05 %;oint:0.05 %;sol:0.05 %;shampoo:0.05 %
betamethasone dipropionate|corticosteroid|cream:0.05 %;oint:0.05 %;lotion:0.05 %
betamethasone valerate|corticosteroid|cream:0.1 %;oint:0.1 %
fluocinonide|corticosteroid|cream:0.05 %;oint:0.05 %;gel:0.05 %
fluocinolone|corticosteroid|cream:0.025 %;sol:0.01 %;oil-ear:0.01 %
mometasone|corticosteroid|cream:0.1 %;oint:0.1 %;spray-nasal:50 mcg/spray
desonide|corticosteroid|cream:0.05 %;oint:0.05 %;lotion:0.05 %
fluticasone propionate|corticosteroid|spray-nasal:50 mcg/spray;inh:44 mcg/puff,110 mcg/puff,220 mcg/puff;cream:0.05 %
budesonide|corticosteroid|spray-nasal:32 mcg/spray;inh-neb:0.25 mg/2 mL,0.5 mg/2 mL;cap-er:3 mg
beclomethasone|corticosteroid|inh:40 mcg/puff,80 mcg/puff
fluticasone and salmeterol|corticosteroid and bronchodilator|inh:100-50 mcg,250-50 mcg,500-50 mcg
budesonide and formoterol|corticosteroid and bronchodilator|inh:80-4.5 mcg,160-4.5 mcg
mometasone and formoterol|corticosteroid and bronchodilator|inh:100-5 mcg,200-5 mcg
fluticasone furoate and vilanterol|corticosteroid and bronchodilator|inh:100-25 mcg,200-25 mcg
albuterol|bronchodilator|inh:90 mcg/puff;inh-neb:2.5 mg/3 mL,0.63 mg/3 mL,1.25 mg/3 mL;tab:2 mg,4 mg;sol:2 mg/5 mL
levalbuterol|bronchodilator|inh:45 mcg/puff;inh-neb:0.63 mg/3 mL,1.25 mg/3 mL
ipratropium|bronchodilator|inh:17 mcg/puff;inh-neb:0.02 %;spray-nasal:0.03 %,0.06 %
ipratropium and albuterol|bronchodilator|inh-neb:0.5-2.5 mg/3 mL;inh:20-100 mcg/puff
tiotropium|bronchodilator|inh:18 mcg,1.25 mcg/puff,2.5 mcg/puff
umeclidinium and vilanterol|bronchodilator|inh:62.5-25 mcg
montelukast|leukotriene antagonist|tab:10 mg;tab-chew:4 mg,5 mg;granules:4 mg
benzonatate|antitussive|cap:100 mg,200 mg
guaifenesin|expectorant|tab-er:600 mg,1200 mg;sol:100 mg/5 mL
cetirizine|antihistamine|tab:5 mg,10 mg;sol:1 mg/mL
levocetirizine|antihistamine|tab:5 mg;sol:0.5 mg/mL
loratadine|antihistamine|tab:10 mg;sol:1 mg/mL
fexofenadine|antihistamine|tab:60 mg,180 mg
desloratadine|antihistamine|tab:5 mg
diphenhydramine|antihistamine|cap:25 mg,50 mg;sol:12.5 mg/5 mL
hydroxyzine hydrochloride|antihistamine|tab:10 mg,25 mg,50 mg;sol:10 mg/5 mL
hydroxyzine pamoate|antihistamine|cap:25 mg,50 mg
azelastine|antihistamine|spray-nasal:0.1 %,0.15 %;drops-eye:0.05 %
olopatadine|antihistamine|drops-eye:0.1 %,0.2 %,0.7 %;spray-nasal:0.6 %
ketotifen|antihistamine|drops-eye:0.025 %
cromolyn|mast cell stabilizer|drops-eye:4 %;spray-nasal:5.2 mg/spray
pseudoephedrine|decongestant|tab:30 mg;tab-er:120 mg
oxymetazoline|decongestant|spray-nasal:0.05 %
sodium chloride|saline|spray-nasal:0.65 %;inh-neb:0.9 %,3 %,7 %
epinephrine|anaphylaxis|pen:0.15 mg/0.3 mL,0.3 mg/0.3 mL
omeprazole|proton pump inhibitor|cap-dr:10 mg,20 mg,40 mg
esomeprazole|proton pump inhibitor|cap-dr:20 mg,40 mg
pantoprazole|proton pump inhibitor|tab-dr:20 mg,40 mg
lansoprazole|proton pump inhibitor|cap-dr:15 mg,30 mg
rabeprazole|proton pump inhibitor|tab-dr:20 mg
dexlansoprazole|proton pump inhibitor|cap-dr:30 mg,60 mg
famotidine|H2 blocker|tab:10 mg,20 mg,40 mg;susp:40 mg/5 mL
sucralfate|gastroprotective|tab:1 g;susp:1 g/10 mL
misoprostol|gastroprotective|tab:100 mcg,200 mcg
ondansetron|antiemetic|tab:4 mg,8 mg;tab-odt:4 mg,8 mg;sol:4 mg/5 mL
metoclopramide|antiemetic|tab:5 mg,10 mg;sol:5 mg/5 mL
promethazine|antiemetic|tab:12.5 mg,25 mg,50 mg;supp:12.5 mg,25 mg;sol:6.25 mg/5 mL
prochlorperazine|antiemetic|tab:5 mg,10 mg;supp:25 mg
meclizine|antiemetic|tab:12.5 mg,25 mg
scopolamine|antiemetic|patch:1 mg/72 hr
dicyclomine|antispasmodic|cap:10 mg;tab:20 mg
hyoscyamine|antispasmodic|tab:0.125 mg;tab-odt:0.125 mg;tab-er:0.375 mg
loperamide|antidiarrheal|cap:2 mg
polyethylene glycol 3350|laxative|powder:17 g/dose
docusate|stool softener|cap:100 mg,250 mg
senna|laxative|tab:8.6 mg
bisacodyl|laxative|tab-ec:5 mg;supp:10 mg
lactulose|laxative|sol:10 g/15 mL
linaclotide|IBS agent|cap:72 mcg,145 mcg,290 mcg
mesalamine|aminosalicylate|tab-dr:1.2 g;cap-er:0.375 g;supp:1000 mg
ursodiol|bile acid|cap:300 mg;tab:250 mg,500 mg
simethicone|antiflatulent|tab-chew:80 mg,125 mg
ibuprofen|NSAID|tab:400 mg,600 mg,800 mg;susp:100 mg/5 mL
naproxen|NSAID|tab:250 mg,375 mg,500 mg;tab-dr:375 mg,500 mg;susp:125 mg/5 mL
naproxen sodium|NSAID|tab:275 mg,550 mg
meloxicam|NSAID|tab:7.5 mg,15 mg
diclofenac sodium|NSAID|tab-dr:50 mg,75 mg;tab-er:100 mg;gel:1 %;drops-eye:0.1 %
diclofenac potassium|NSAID|tab:50 mg
celecoxib|NSAID|cap:50 mg,100 mg,200 mg,400 mg
etodolac|NSAID|tab:400 mg,500 mg;cap:200 mg,300 mg
nabumetone|NSAID|tab:500 mg,750 mg
indomethacin|NSAID|cap:25 mg,50 mg
ketorolac|NSAID|tab:10 mg;drops-eye:0.5 %
acetaminophen|analgesic|tab:325 mg,500 mg;sol:160 mg/5 mL;supp:120 mg,650 mg
lidocaine|local anesthetic|patch:4 %,5 %;oint:5 %;sol-viscous:2 %;cream:4 %
capsaicin|topical analgesic|cream:0.025 %,0.075 %
cyclobenzaprine|muscle relaxant|tab:5 mg,7.5 mg,10 mg
methocarbamol|muscle relaxant|tab:500 mg,750 mg
tizanidine|muscle relaxant|tab:2 mg,4 mg;cap:2 mg,4 mg,6 mg
baclofen|muscle relaxant|tab:5 mg,10 mg,20 mg
metaxalone|muscle relaxant|tab:400 mg,800 mg
colchicine|antigout|tab:0.6 mg;cap:0.6 mg
allopurinol|antigout|tab:100 mg,300 mg
febuxostat|antigout|tab:40 mg,80 mg
probenecid|antigout|tab:500 mg
sumatriptan|triptan|tab:25 mg,50 mg,100 mg;spray-nasal:5 mg,20 mg
rizatriptan|triptan|tab:5 mg,10 mg;tab-odt:5 mg,10 mg
zolmitriptan|triptan|tab:2.5 mg,5 mg;tab-odt:2.5 mg,5 mg
eletriptan|triptan|tab:20 mg,40 mg
naratriptan|triptan|tab:1 mg,2.5 mg
topiramate|anticonvulsant|tab:25 mg,50 mg,100 mg,200 mg
gabapentin|anticonvulsant|cap:100 mg,300 mg,400 mg;tab:600 mg,800 mg;sol:250 mg/5 mL
lamotrigine|anticonvulsant|tab:25 mg,100 mg,150 mg,200 mg
levetiracetam|anticonvulsant|tab:250 mg,500 mg,750 mg,1000 mg
carbamazepine|anticonvulsant|tab:200 mg;tab-er:100 mg,200 mg,400 mg
oxcarbazepine|anticonvulsant|tab:150 mg,300 mg,600 mg
divalproex|anticonvulsant|tab-dr:125 mg,250 mg,500 mg;tab-er:250 mg,500 mg
sertraline|SSRI antidepressant|tab:25 mg,50 mg,100 mg;sol:20 mg/mL
fluoxetine|SSRI antidepressant|cap:10 mg,20 mg,40 mg;tab:10 mg,20 mg;sol:20 mg/5 mL
citalopram|SSRI antidepressant|tab:10 mg,20 mg,40 mg
escitalopram|SSRI antidepressant|tab:5 mg,10 mg,20 mg
paroxetine|SSRI antidepressant|tab:10 mg,20 mg,30 mg,40 mg
fluvoxamine|SSRI antidepressant|tab:25 mg,50 mg,100 mg
venlafaxine|SNRI antidepressant|cap-er:37.5 mg,75 mg,150 mg;tab:37.5 mg,75 mg
desvenlafaxine|SNRI antidepressant|tab-er:25 mg,50 mg,100 mg
duloxetine|SNRI antidepressant|cap-dr:20 mg,30 mg,60 mg
bupropion|antidepressant|tab-er:100 mg,150 mg,200 mg,300 mg,450 mg
mirtazapine|antidepressant|tab:7.5 mg,15 mg,30 mg,45 mg
trazodone|antidepressant|tab:50 mg,100 mg,150 mg,300 mg
amitriptyline|tricyclic antidepressant|tab:10 mg,25 mg,50 mg,75 mg,100 mg
nortriptyline|tricyclic antidepressant|cap:10 mg,25 mg,50 mg,75 mg
doxepin|tricyclic antidepressant|cap:10 mg,25 mg,50 mg;cream:5 %
vortioxetine|antidepressant|tab:5 mg,10 mg,20 mg
buspirone|anxiolytic (non-controlled)|tab:5 mg,7.5 mg,10 mg,15 mg,30 mg
aripiprazole|antipsychotic|tab:2 mg,5 mg,10 mg,15 mg,20 mg,30 mg
quetiapine|antipsychotic|tab:25 mg,50 mg,100 mg,200 mg,300 mg;tab-er:50 mg,150 mg,200 mg,300 mg,400 mg
risperidone|antipsychotic|tab:0.25 mg,0.5 mg,1 mg,2 mg,3 mg,4 mg
olanzapine|antipsychotic|tab:2.5 mg,5 mg,7.5 mg,10 mg,15 mg,20 mg
lithium carbonate|mood stabilizer|cap:150 mg,300 mg,600 mg;tab-er:300 mg,450 mg
atomoxetine|ADHD (non-stimulant)|cap:10 mg,18 mg,25 mg,40 mg,60 mg,80 mg,100 mg
guanfacine|ADHD (non-stimulant)|tab-er:1 mg,2 mg,3 mg,4 mg;tab:1 mg,2 mg
donepezil|cholinesterase inhibitor|tab:5 mg,10 mg,23 mg
memantine|NMDA antagonist|tab:5 mg,10 mg
ropinirole|dopamine agonist|tab:0.25 mg,0.5 mg,1 mg,2 mg,3 mg,4 mg,5 mg
pramipexole|dopamine agonist|tab:0.125 mg,0.25 mg,0.5 mg,1 mg,1.5 mg
carbidopa and levodopa|antiparkinson|tab:10-100 mg,25-100 mg,25-250 mg
naltrexone|opioid antagonist|tab:50 mg
varenicline|smoking cessation|tab:0.5 mg,1 mg
nicotine|smoking cessation|patch:7 mg/24 hr,14 mg/24 hr,21 mg/24 hr;gum:2 mg,4 mg;lozenge:2 mg,4 mg
tamsulosin|alpha blocker|cap:0.4 mg
alfuzosin|alpha blocker|tab-er:10 mg
finasteride|5-alpha reductase inhibitor|tab:1 mg,5 mg
dutasteride|5-alpha reductase inhibitor|cap:0.5 mg
oxybutynin|antimuscarinic|tab:5 mg;tab-er:5 mg,10 mg,15 mg
tolterodine|antimuscarinic|tab:1 mg,2 mg;cap-er:2 mg,4 mg
solifenacin|antimuscarinic|tab:5 mg,10 mg
mirabegron|beta-3 agonist|tab-er:25 mg,50 mg
sildenafil|PDE5 inhibitor|tab:20 mg,25 mg,50 mg,100 mg
tadalafil|PDE5 inhibitor|tab:2.5 mg,5 mg,10 mg,20 mg
phenazopyridine|urinary analgesic|tab:100 mg,200 mg
norethindrone and ethinyl estradiol|oral contraceptive|tab:1-0.035 mg,0.5-0.035 mg,1-0.02 mg
levonorgestrel and ethinyl estradiol|oral contraceptive|tab:0.1-0.02 mg,0.15-0.03 mg
norgestimate and ethinyl estradiol|oral contraceptive|tab:0.25-0.035 mg
drospirenone and ethinyl estradiol|oral contraceptive|tab:3-0.02 mg,3-0.03 mg
norethindrone|oral contraceptive|tab:0.35 mg
levonorgestrel|emergency contraceptive|tab:1.5 mg
alendronate|bisphosphonate|tab:35 mg,70 mg
risedronate|bisphosphonate|tab:35 mg,150 mg
ibandronate|bisphosphonate|tab:150 mg
raloxifene|SERM|tab:60 mg
calcitriol|vitamin D analog|cap:0.25 mcg,0.5 mcg
ergocalciferol|vitamin D|cap:50000 units
cholecalciferol|vitamin D|cap:1000 units,2000 units,5000 units,50000 units
cyanocobalamin|vitamin B12|tab:1000 mcg;vial:1000 mcg/mL
folic acid|vitamin|tab:1 mg
ferrous sulfate|iron supplement|tab:325 mg;sol:75 mg/mL
potassium chloride|electrolyte|tab-er:8 mEq,10 mEq,20 mEq;sol:20 mEq/15 mL
magnesium oxide|electrolyte|tab:400 mg
calcium carbonate|calcium supplement|tab:500 mg,600 mg,1250 mg
prenatal vitamins|vitamin|tab:27-1 mg
tretinoin|retinoid|cream:0.025 %,0.05 %,0.1 %;gel:0.01 %,0.025 %,0.05 %
adapalene|retinoid|gel:0.1 %,0.3 %;cream:0.1 %
benzoyl peroxide|acne agent|gel:2.5 %,5 %,10 %;wash:5 %,10 %
clindamycin and benzoyl peroxide|acne agent|gel:1-5 %,1.2-2.5 %
azelaic acid|acne agent|gel:15 %;cream:20 %
tacrolimus|calcineurin inhibitor|oint:0.03 %,0.1 %
pimecrolimus|calcineurin inhibitor|cream:1 %
selenium sulfide|antiseborrheic|shampoo:2.5 %;lotion:2.5 %
imiquimod|immune response modifier|cream:5 %
fluorouracil|topical antineoplastic|cream:5 %,0.5 %
calcipotriene|vitamin D analog|cream:0.005 %;oint:0.005 %;sol:0.005 %
latanoprost|prostaglandin (glaucoma)|drops-eye:0.005 %
timolol|beta blocker (glaucoma)|drops-eye:0.25 %,0.5 %
brimonidine|alpha agonist (glaucoma)|drops-eye:0.1 %,0.15 %,0.2 %
dorzolamide|carbonic anhydrase inhibitor|drops-eye:2 %
artificial tears|lubricant|drops-eye:0.5 %,1 %
cyclosporine|immunomodulator (eye)|drops-eye:0.05 %
prednisolone acetate|corticosteroid (eye)|drops-eye:1 %
loteprednol|corticosteroid (eye)|drops-eye:0.5 %
carbamide peroxide|cerumenolytic|drops-ear:6.5 %
acetic acid|otic antiseptic|drops-ear:2 %
chlorhexidine gluconate|antiseptic|sol-oral:0.12 %
nystatin and triamcinolone|antifungal and corticosteroid|cream:100000 units-0.1 %;oint:100000 units-0.1 %
clotrimazole and betamethasone|antifungal and corticosteroid|cream:1-0.05 %;lotion:1-0.05 %
methotrexate|antimetabolite|tab:2.5 mg
sulfasalazine|aminosalicylate|tab:500 mg;tab-dr:500 mg
allopurinol sodium|antigout|tab:200 mg
spironolactone and hydrochlorothiazide|potassium-sparing diuretic|tab:25-25 mg
sacubitril and valsartan|heart failure agent|tab:24-26 mg,49-51 mg,97-103 mg
ranolazine|antianginal|tab-er:500 mg,1000 mg
cilostazol|antiplatelet|tab:50 mg,100 mg
pentoxifylline|hemorheologic|tab-er:400 mg
meclizine hydrochloride chewable|antiemetic|tab-chew:25 mg
dimenhydrinate|antiemetic|tab:50 mg
bismuth subsalicylate|antidiarrheal|tab-chew:262 mg;susp:262 mg/15 mL
alosetron|IBS agent|tab:0.5 mg,1 mg
rifaximin|antibiotic|tab:200 mg,550 mg
vancomycin|glycopeptide antibiotic|cap:125 mg,250 mg
fidaxomicin|macrolide antibiotic|tab:200 mg
alprazolam|benzodiazepine (anxiety)|tab:0.25 mg,0.5 mg,1 mg,2 mg;tab-er:0.5 mg,1 mg,2 mg,3 mg|C4
lorazepam|benzodiazepine (anxiety)|tab:0.5 mg,1 mg,2 mg|C4
clonazepam|benzodiazepine (anxiety)|tab:0.5 mg,1 mg,2 mg;tab-odt:0.125 mg,0.25 mg,0.5 mg|C4
diazepam|benzodiazepine (anxiety)|tab:2 mg,5 mg,10 mg;sol:5 mg/5 mL|C4
chlordiazepoxide|benzodiazepine (anxiety)|cap:5 mg,10 mg,25 mg|C4
temazepam|benzodiazepine (sleep)|cap:7.5 mg,15 mg,22.5 mg,30 mg|C4
zolpidem|sedative-hypnotic (sleep)|tab:5 mg,10 mg;tab-er:6.25 mg,12.5 mg|C4
eszopiclone|sedative-hypnotic (sleep)|tab:1 mg,2 mg,3 mg|C4
zaleplon|sedative-hypnotic (sleep)|cap:5 mg,10 mg|C4
suvorexant|orexin antagonist (sleep)|tab:5 mg,10 mg,15 mg,20 mg|C4
oxycodone|opioid (pain)|tab:5 mg,10 mg,15 mg,20 mg,30 mg;tab-er:10 mg,20 mg,40 mg|C2
oxycodone and acetaminophen|opioid (pain)|tab:5-325 mg,7.5-325 mg,10-325 mg|C2
hydrocodone and acetaminophen|opioid (pain)|tab:5-325 mg,7.5-325 mg,10-325 mg;sol:7.5-325 mg/15 mL|C2
morphine sulfate|opioid (pain)|tab:15 mg,30 mg;tab-er:15 mg,30 mg,60 mg,100 mg|C2
hydromorphone|opioid (pain)|tab:2 mg,4 mg,8 mg|C2
oxymorphone|opioid (pain)|tab:5 mg,10 mg|C2
methadone|opioid (pain)|tab:5 mg,10 mg|C2
fentanyl|opioid (pain)|patch:12 mcg/hr,25 mcg/hr,50 mcg/hr,75 mcg/hr,100 mcg/hr|C2
tapentadol|opioid (pain)|tab:50 mg,75 mg,100 mg|C2
tramadol|opioid (pain)|tab:50 mg,100 mg;tab-er:100 mg,200 mg,300 mg|C4
tramadol and acetaminophen|opioid (pain)|tab:37.5-325 mg|C4
acetaminophen and codeine|opioid (pain)|tab:300-15 mg,300-30 mg,300-60 mg;sol:120-12 mg/5 mL|C3
buprenorphine and naloxone|opioid (pain)|film-sl:2-0.5 mg,4-1 mg,8-2 mg,12-3 mg|C3
butalbital, acetaminophen and caffeine with codeine|opioid (pain)|cap:50-300-40-30 mg|C3
carisoprodol|muscle relaxant (pain)|tab:250 mg,350 mg|C4
pregabalin|anticonvulsant (pain)|cap:25 mg,50 mg,75 mg,100 mg,150 mg,200 mg,300 mg|C5
lacosamide|anticonvulsant|tab:50 mg,100 mg,150 mg,200 mg|C5
promethazine and codeine|opioid antitussive|sol:6.25-10 mg/5 mL|C5
amphetamine and dextroamphetamine|stimulant (ADHD)|tab:5 mg,7.5 mg,10 mg,12.5 mg,15 mg,20 mg,30 mg;cap-er:5 mg,10 mg,15 mg,20 mg,25 mg,30 mg|C2
methylphenidate|stimulant (ADHD)|tab:5 mg,10 mg,20 mg;tab-er:18 mg,27 mg,36 mg,54 mg|C2
dexmethylphenidate|stimulant (ADHD)|tab:2.5 mg,5 mg,10 mg;cap-er:5 mg,10 mg,15 mg,20 mg,25 mg,30 mg,35 mg,40 mg|C2
lisdexamfetamine|stimulant (ADHD)|cap:10 mg,20 mg,30 mg,40 mg,50 mg,60 mg,70 mg;tab-chew:10 mg,20 mg,30 mg|C2
dextroamphetamine|stimulant (ADHD)|tab:5 mg,10 mg;cap-er:5 mg,10 mg,15 mg|C2
modafinil|wakefulness agent|tab:100 mg,200 mg|C4
armodafinil|wakefulness agent|tab:50 mg,150 mg,200 mg,250 mg|C4
phentermine|anorectic (diet)|tab:37.5 mg;cap:15 mg,30 mg,37.5 mg|C4
phentermine and topiramate|anorectic (diet)|cap-er:3.75-23 mg,7.5-46 mg,11.25-69 mg,15-92 mg|C4
phendimetrazine|anorectic (diet)|tab:35 mg;cap-er:105 mg|C3
diethylpropion|anorectic (diet)|tab:25 mg;tab-er:75 mg|C4
testosterone cypionate|testosterone|vial:100 mg/mL,200 mg/mL|C3X
testosterone enanthate|testosterone|vial:200 mg/mL|C3X
testosterone|testosterone|gel:1 %,1.62 %;patch:2 mg/24 hr,4 mg/24 hr|C3X
estradiol|hormone therapy|tab:0.5 mg,1 mg,2 mg;patch:0.025 mg/24 hr,0.05 mg/24 hr,0.1 mg/24 hr;cream-vaginal:0.01 %|X
conjugated estrogens|hormone therapy|tab:0.3 mg,0.45 mg,0.625 mg,1.25 mg;cream-vaginal:0.625 mg/g|X
medroxyprogesterone|hormone therapy|tab:2.5 mg,5 mg,10 mg|X
progesterone|hormone therapy|cap:100 mg,200 mg|X
estradiol and norethindrone|hormone therapy|tab:1-0.5 mg,0.5-0.1 mg|X
somatropin|growth hormone|pen:5 mg/1.5 mL,10 mg/1.5 mL|X
chorionic gonadotropin|hormone therapy|vial:10000 units|X
`;
