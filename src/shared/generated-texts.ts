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
type Soil = (typeof GENERATED_SOILS)[number];
type Crops = (typeof GENERATED_CROPS)[number];
type Kind = 'rental' | 'exchange' | 'community';

const partsSchema = z.object({
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
const DE_PLACE: Record<Place, Noun> = {
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
const ES_PLACE: Record<Place, Noun> = {
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
const FR_PLACE: Record<Place, Noun> = {
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
const JA_PLACE: Record<Place, string> = {
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

// The descriptions' words, by language: soil (after "with"), crops (after "ideal for"), the
// type's terms and the closing line.
type DescriptionWords = {
  soil: Record<Soil, string>;
  crops: Record<Crops, string>;
  terms: Record<Kind, string>;
  host: string;
};
const DE_WORDS: DescriptionWords = {
  soil: {
    'rich loam that has been amended with compost for years':
      'reichem Lehmboden, der seit Jahren mit Kompost verbessert wird',
    'sandy soil that drains fast and warms early in spring':
      'sandigem Boden, der schnell abtrocknet und sich im Frühjahr früh erwärmt',
    'heavy clay broken up with leaf mould': 'schwerem Lehm, mit Laubkompost aufgelockert',
    'black soil that has not seen a chemical in a decade':
      'schwarzer Erde, die seit zehn Jahren keine Chemie gesehen hat',
  },
  crops: {
    'tomatoes and peppers': 'Tomaten und Paprika',
    'salad greens and herbs': 'Salat und Kräuter',
    'squash, beans and corn': 'Kürbis, Bohnen und Mais',
    'berries and perennials': 'Beeren und Stauden',
    'garlic, onions and potatoes': 'Knoblauch, Zwiebeln und Kartoffeln',
    'flowers for pollinators': 'Blumen für Bestäuber',
  },
  terms: {
    rental: 'Monatsweise zu mieten; Wasser ist inklusive.',
    exchange: 'Hilf beim Jäten und Ernten und bekomm dafür eigene Beete.',
    community: 'Kostenlos: Bring deine eigenen Samen mit und teile die Werkzeuge.',
  },
  host: 'Der Gastgeber wohnt in der Nähe und hilft Neulingen gern beim Einstieg.',
};
const ES_WORDS: DescriptionWords = {
  soil: {
    'rich loam that has been amended with compost for years':
      'tierra franca rica, enriquecida con compost durante años',
    'sandy soil that drains fast and warms early in spring':
      'suelo arenoso que drena rápido y se calienta pronto en primavera',
    'heavy clay broken up with leaf mould': 'arcilla pesada aligerada con mantillo de hojas',
    'black soil that has not seen a chemical in a decade':
      'tierra negra sin un solo producto químico desde hace una década',
  },
  crops: {
    'tomatoes and peppers': 'tomates y pimientos',
    'salad greens and herbs': 'hojas verdes y hierbas aromáticas',
    'squash, beans and corn': 'calabazas, judías y maíz',
    'berries and perennials': 'bayas y plantas perennes',
    'garlic, onions and potatoes': 'ajos, cebollas y patatas',
    'flowers for pollinators': 'flores para polinizadores',
  },
  terms: {
    rental: 'Se alquila por meses; el agua está incluida.',
    exchange: 'Ayuda a desherbar y cosechar a cambio de tus propios bancales.',
    community: 'Participar es gratis: trae tus semillas y comparte las herramientas.',
  },
  host: 'El anfitrión vive cerca y ayuda con gusto a quienes empiezan.',
};
const FR_WORDS: DescriptionWords = {
  soil: {
    'rich loam that has been amended with compost for years':
      'un limon riche, amendé au compost depuis des années',
    'sandy soil that drains fast and warms early in spring':
      'un sol sableux qui draine vite et se réchauffe tôt au printemps',
    'heavy clay broken up with leaf mould': 'une argile lourde allégée au terreau de feuilles',
    'black soil that has not seen a chemical in a decade':
      "une terre noire qui n'a pas vu de produit chimique depuis dix ans",
  },
  crops: {
    'tomatoes and peppers': 'les tomates et les poivrons',
    'salad greens and herbs': 'les salades et les herbes aromatiques',
    'squash, beans and corn': 'les courges, les haricots et le maïs',
    'berries and perennials': 'les petits fruits et les vivaces',
    'garlic, onions and potatoes': "l'ail, les oignons et les pommes de terre",
    'flowers for pollinators': 'les fleurs pour les pollinisateurs',
  },
  terms: {
    rental: "Location au mois ; l'eau est comprise.",
    exchange: 'Aidez au désherbage et à la récolte en échange de vos propres carrés.',
    community: 'Gratuit : apportez vos graines et partagez les outils.',
  },
  host: "L'hôte habite à côté et aide volontiers les débutants.",
};
const JA_WORDS: DescriptionWords = {
  soil: {
    'rich loam that has been amended with compost for years': '何年も堆肥で改良してきた肥沃なローム土',
    'sandy soil that drains fast and warms early in spring': '水はけが良く春に早く温まる砂質土',
    'heavy clay broken up with leaf mould': '腐葉土でほぐした重い粘土質の土',
    'black soil that has not seen a chemical in a decade': '10年間化学物質を使っていない黒土',
  },
  crops: {
    'tomatoes and peppers': 'トマトやピーマン',
    'salad greens and herbs': 'サラダ菜やハーブ',
    'squash, beans and corn': 'カボチャ、豆、トウモロコシ',
    'berries and perennials': 'ベリー類や多年草',
    'garlic, onions and potatoes': 'ニンニク、タマネギ、ジャガイモ',
    'flowers for pollinators': '受粉を助ける虫のための花',
  },
  terms: {
    rental: '月単位で借りられます。水道代込みです。',
    exchange: '草取りや収穫を手伝う代わりに、自分の区画を使えます。',
    community: '参加は無料です。種は各自で持参し、道具は共有します。',
  },
  host: 'ホストは近くに住んでいて、初心者の手助けを喜んでします。',
};

const lower = (s: string) => s[0].toLowerCase() + s.slice(1);
export function generatedDescriptions(p: Required<GeneratedParts>, type: Kind): Titles {
  const [deNoun, deGender] = DE_PLACE[p.place];
  const [esNoun, esGender] = ES_PLACE[p.place];
  const [frNoun, frGender] = FR_PLACE[p.place];
  const tail = (w: DescriptionWords) => `${w.terms[type]} ${w.host}`;
  return {
    de: `${deGender === 1 ? 'Eine' : 'Ein'} ${deNoun} mit ${DE_WORDS.soil[p.soil]}. Ideal für ${DE_WORDS.crops[p.crops]}. ${tail(DE_WORDS)}`,
    es: `${esGender === 1 ? 'Una' : 'Un'} ${lower(esNoun)} con ${ES_WORDS.soil[p.soil]}. Ideal para ${ES_WORDS.crops[p.crops]}. ${tail(ES_WORDS)}`,
    fr: `${frGender === 1 ? 'Une' : 'Un'} ${lower(frNoun)} avec ${FR_WORDS.soil[p.soil]}. Idéal pour ${FR_WORDS.crops[p.crops]}. ${tail(FR_WORDS)}`,
    ja: `${JA_WORDS.soil[p.soil]}の${JA_PLACE[p.place]}です。${JA_WORDS.crops[p.crops]}の栽培に最適です。${JA_WORDS.terms[type]}${JA_WORDS.host}`,
  };
}

// A listing's texts in every language, each only while the stored English still reads exactly as
// its parts: a title or description its host rewrote has none (and shows as written).
export function translationsOf(l: {
  title: string;
  description: string;
  type: Kind;
  generatedParts: unknown;
}): { titles?: Titles; descriptions?: Titles } {
  // A listing its host wrote has no parts: no parse (a failed one builds an error, on every row).
  if (l.generatedParts == null) return {};
  const ok = partsSchema.safeParse(l.generatedParts);
  if (!ok.success) return {};
  const p = ok.data as GeneratedParts;
  const out: { titles?: Titles; descriptions?: Titles } = {};
  if (englishTitle(p) === l.title) out.titles = generatedTitles(p);
  if (p.soil && p.crops) {
    const full = p as Required<GeneratedParts>;
    if (englishDescription(full, l.type) === l.description)
      out.descriptions = generatedDescriptions(full, l.type);
  }
  return out;
}
