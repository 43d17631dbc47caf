// Titles and descriptions Yardshare wrote, not a host (the demo's bulk listings,
// src/server/demo/bulk.ts): stored as the words they were made from (listings.generated_parts)
// beside the English text, and answered in every language (`titles`, `descriptions` in a listing,
// ADR 038). What a host typed is never translated: a text they rewrote no longer reads as its parts.
// A translation table, not UI copy: the words agree with the place's gender.
import { z } from 'zod';

export const TITLE_ADJECTIVES = [
  'Sunny',
  'Quiet',
  'Shaded',
  'South-facing',
  'Terraced',
  'Spacious',
  'Cozy',
  'Raised-bed',
  'Organic',
  'Historic',
] as const;
export const TITLE_PLACES = {
  rental: ['backyard plot', 'garden bed', 'half-acre field', 'greenhouse bench', 'orchard corner'],
  exchange: ['market garden', 'family farm', 'herb garden', 'berry patch', 'homestead'],
  community: [
    'community garden',
    'neighbourhood allotment',
    'school garden',
    'shared plot',
    'rooftop garden',
  ],
} as const;
type Adjective = (typeof TITLE_ADJECTIVES)[number];
type Place = (typeof TITLE_PLACES)[keyof typeof TITLE_PLACES][number];
const PLACES: readonly string[] = Object.values(TITLE_PLACES).flat();

export const GENERATED_SOILS = [
  'rich loam that has been amended with compost for years',
  'sandy soil that drains fast and warms early in spring',
  'heavy clay broken up with leaf mould',
  'black soil that has not seen a chemical in a decade',
] as const;
export const GENERATED_CROPS = [
  'tomatoes and peppers',
  'salad greens and herbs',
  'squash, beans and corn',
  'berries and perennials',
  'garlic, onions and potatoes',
  'flowers for pollinators',
] as const;
export type Soil = (typeof GENERATED_SOILS)[number];
export type Crops = (typeof GENERATED_CROPS)[number];
export type Kind = 'rental' | 'exchange' | 'community';

export const partsSchema = z.object({
  adj: z.enum(TITLE_ADJECTIVES),
  place: z.string().refine((p) => PLACES.includes(p)),
  city: z.string().min(1),
  soil: z.enum(GENERATED_SOILS).optional(),
  crops: z.enum(GENERATED_CROPS).optional(),
});
export type TitleParts = { adj: Adjective; place: Place; city: string };
export type GeneratedParts = TitleParts & { soil?: Soil; crops?: Crops };
export const TITLE_LANGUAGES = ['de', 'es', 'fr', 'ja'] as const;
export type TitleLanguage = (typeof TITLE_LANGUAGES)[number];
export type Titles = Record<TitleLanguage, string>;

export const englishTitle = (p: TitleParts) => `${p.adj} ${p.place} in ${p.city}`;
const EN_TERMS: Record<Kind, string> = {
  rental: 'Rent by the month; water is included.',
  exchange: 'Help with weeding and harvest in return for your own beds.',
  community: 'Free to join: bring your own seeds and share the tools.',
};
export const englishDescription = (p: Required<GeneratedParts>, type: Kind) =>
  `A ${p.place} with ${p.soil}. Ideal for ${p.crops}. ${EN_TERMS[type]} The host is nearby and glad to help newcomers get started.`;

// de: the adjective before the noun, strong ending by gender (m, f, n), or a phrase after it.
// es, fr: the noun, then the adjective by gender (m, f). ja: city の adjective place.
type Gendered = readonly [string, string, string?];
type Word = Gendered | { after: string };
type Noun = readonly [noun: string, gender: 0 | 1 | 2];

const DE_ADJ: Record<Adjective, Word> = {
  Sunny: ['Sonniger', 'Sonnige', 'Sonniges'],
  Quiet: ['Ruhiger', 'Ruhige', 'Ruhiges'],
  Shaded: ['Schattiger', 'Schattige', 'Schattiges'],
  'South-facing': ['Südseitiger', 'Südseitige', 'Südseitiges'],
  Terraced: ['Terrassierter', 'Terrassierte', 'Terrassiertes'],
  Spacious: ['Geräumiger', 'Geräumige', 'Geräumiges'],
  Cozy: ['Gemütlicher', 'Gemütliche', 'Gemütliches'],
  'Raised-bed': { after: 'mit Hochbeeten' },
  Organic: ['Ökologischer', 'Ökologische', 'Ökologisches'],
  Historic: ['Historischer', 'Historische', 'Historisches'],
};
export const DE_PLACE: Record<Place, Noun> = {
  'backyard plot': ['Gartenparzelle', 1],
  'garden bed': ['Gartenbeet', 2],
  'half-acre field': ['Feld von einem halben Acre', 2],
  'greenhouse bench': ['Gewächshaustisch', 0],
  'orchard corner': ['Obstgartenecke', 1],
  'market garden': ['Marktgarten', 0],
  'family farm': ['Familienhof', 0],
  'herb garden': ['Kräutergarten', 0],
  'berry patch': ['Beerenbeet', 2],
  homestead: ['Selbstversorgerhof', 0],
  'community garden': ['Gemeinschaftsgarten', 0],
  'neighbourhood allotment': ['Nachbarschaftsparzelle', 1],
  'school garden': ['Schulgarten', 0],
  'shared plot': ['Gemeinschaftsbeet', 2],
  'rooftop garden': ['Dachgarten', 0],
};
const ES_ADJ: Record<Adjective, Gendered> = {
  Sunny: ['soleado', 'soleada'],
  Quiet: ['tranquilo', 'tranquila'],
  Shaded: ['sombreado', 'sombreada'],
  'South-facing': ['orientado al sur', 'orientada al sur'],
  Terraced: ['en terrazas', 'en terrazas'],
  Spacious: ['amplio', 'amplia'],
  Cozy: ['acogedor', 'acogedora'],
  'Raised-bed': ['con bancales elevados', 'con bancales elevados'],
  Organic: ['ecológico', 'ecológica'],
  Historic: ['histórico', 'histórica'],
};
export const ES_PLACE: Record<Place, Noun> = {
  'backyard plot': ['Parcela de patio trasero', 1],
  'garden bed': ['Bancal de huerto', 0],
  'half-acre field': ['Campo de medio acre', 0],
  'greenhouse bench': ['Mesa de invernadero', 1],
  'orchard corner': ['Rincón de huerto frutal', 0],
  'market garden': ['Huerta comercial', 1],
  'family farm': ['Granja familiar', 1],
  'herb garden': ['Jardín de hierbas', 0],
  'berry patch': ['Bancal de bayas', 0],
  homestead: ['Finca', 1],
  'community garden': ['Huerto comunitario', 0],
  'neighbourhood allotment': ['Parcela vecinal', 1],
  'school garden': ['Huerto escolar', 0],
  'shared plot': ['Parcela compartida', 1],
  'rooftop garden': ['Huerto en la azotea', 0],
};
const FR_ADJ: Record<Adjective, Gendered> = {
  Sunny: ['ensoleillé', 'ensoleillée'],
  Quiet: ['calme', 'calme'],
  Shaded: ['ombragé', 'ombragée'],
  'South-facing': ['exposé plein sud', 'exposée plein sud'],
  Terraced: ['en terrasses', 'en terrasses'],
  Spacious: ['spacieux', 'spacieuse'],
  Cozy: ['charmant', 'charmante'],
  'Raised-bed': ['en bacs surélevés', 'en bacs surélevés'],
  Organic: ['bio', 'bio'],
  Historic: ['historique', 'historique'],
};
export const FR_PLACE: Record<Place, Noun> = {
  'backyard plot': ['Parcelle de jardin', 1],
  'garden bed': ['Carré potager', 0],
  'half-acre field': ["Champ d'un demi-acre", 0],
  'greenhouse bench': ['Table de serre', 1],
  'orchard corner': ['Coin de verger', 0],
  'market garden': ['Jardin maraîcher', 0],
  'family farm': ['Ferme familiale', 1],
  'herb garden': ["Jardin d'herbes aromatiques", 0],
  'berry patch': ['Carré de petits fruits', 0],
  homestead: ['Fermette', 1],
  'community garden': ['Jardin partagé', 0],
  'neighbourhood allotment': ['Parcelle de quartier', 1],
  'school garden': ['Jardin scolaire', 0],
  'shared plot': ['Parcelle partagée', 1],
  'rooftop garden': ['Jardin sur le toit', 0],
};
const JA_ADJ: Record<Adjective, string> = {
  Sunny: '日当たりの良い',
  Quiet: '静かな',
  Shaded: '日陰のある',
  'South-facing': '南向きの',
  Terraced: '段々になった',
  Spacious: '広々とした',
  Cozy: 'こぢんまりとした',
  'Raised-bed': 'レイズドベッド付きの',
  Organic: '有機栽培の',
  Historic: '歴史ある',
};
export const JA_PLACE: Record<Place, string> = {
  'backyard plot': '裏庭の区画',
  'garden bed': '菜園ベッド',
  'half-acre field': '半エーカーの畑',
  'greenhouse bench': '温室の棚',
  'orchard corner': '果樹園の一角',
  'market garden': '出荷用の菜園',
  'family farm': '家族経営の農場',
  'herb garden': 'ハーブガーデン',
  'berry patch': 'ベリー畑',
  homestead: '自給自足の農地',
  'community garden': 'コミュニティガーデン',
  'neighbourhood allotment': '近所の市民農園',
  'school garden': '学校菜園',
  'shared plot': '共有区画',
  'rooftop garden': '屋上菜園',
};

const nounThenAdjective = (nouns: Record<Place, Noun>, adjs: Record<Adjective, Gendered>, p: TitleParts) => {
  const [noun, gender] = nouns[p.place];
  return `${noun} ${adjs[p.adj][gender === 1 ? 1 : 0]}`;
};

export function generatedTitles(p: TitleParts): Titles {
  const [deNoun, deGender] = DE_PLACE[p.place];
  const de = DE_ADJ[p.adj];
  return {
    de: `${'after' in de ? `${deNoun} ${de.after}` : `${de[deGender]} ${deNoun}`} in ${p.city}`,
    es: `${nounThenAdjective(ES_PLACE, ES_ADJ, p)} en ${p.city}`,
    fr: `${nounThenAdjective(FR_PLACE, FR_ADJ, p)} à ${p.city}`,
    ja: `${p.city}の${JA_ADJ[p.adj]}${JA_PLACE[p.place]}`,
  };
}
