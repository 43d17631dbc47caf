// The US states, the District of Columbia and Puerto Rico: name and postal abbreviation.
export const US_STATES = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['District of Columbia', 'DC'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Puerto Rico', 'PR'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
] as const satisfies readonly (readonly [string, string])[];

export type UsStateCode = (typeof US_STATES)[number][1];

// Periods dropped, spaces collapsed ("D.C." is "DC"): as listings.state_code reads the state.
const tidy = (s: string) => s.replace(/\./g, '').replace(/\s+/g, ' ').trim();

const byText = new Map<string, UsStateCode>();
for (const [name, code] of US_STATES) {
  byText.set(name.toLowerCase(), code);
  byText.set(code.toLowerCase(), code);
}

// "Oregon", "oregon", "OR", " or " -> "OR"; anything else -> null.
export function usStateCode(text: string): UsStateCode | null {
  return byText.get(tidy(text).toLowerCase()) ?? null;
}

// How a listing's state is compared: the postal code of a US state (entered as a name or a code),
// otherwise the text itself, tidied. The database upper-cases both sides: its listings.state_code
// column is the same rule (a generated column built from this table).
export function stateKey(text: string): string {
  return usStateCode(text) ?? tidy(text);
}
