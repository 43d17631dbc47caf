// A place as the location boxes show it. Apart from places.ts (its schemas) so the listings page
// does not download Zod for it (issue 36).
export const placeLabel = (p: { city: string; state: string }) => `${p.city}, ${p.state}`;
