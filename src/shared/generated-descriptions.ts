// The generated descriptions in every language, and a listing's generated texts as the API answers
// them (ADR 038). The words of the titles, and the parts both are made from: generated-texts.ts.
// A translation table, not UI copy.
import {
  type Crops,
  DE_PLACE,
  ES_PLACE,
  englishDescription,
  englishTitle,
  FR_PLACE,
  type GeneratedParts,
  generatedTitles,
  JA_PLACE,
  type Kind,
  partsSchema,
  type Soil,
  type Titles,
} from './generated-texts.ts';

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

// What a listing's parts generate: the English title and its translations, and the description
// and its translations when the parts have soil and crops. Null for parts that do not parse.
export type GeneratedTexts = { title: string; titles: Titles; description?: string; descriptions?: Titles };
export function generatedTextsOf(parts: unknown, type: Kind): GeneratedTexts | null {
  const ok = partsSchema.safeParse(parts);
  if (!ok.success) return null;
  const p = ok.data as GeneratedParts;
  const out: GeneratedTexts = { title: englishTitle(p), titles: generatedTitles(p) };
  if (p.soil && p.crops) {
    const full = p as Required<GeneratedParts>;
    out.description = englishDescription(full, type);
    out.descriptions = generatedDescriptions(full, type);
  }
  return out;
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
  const g = generatedTextsOf(l.generatedParts, l.type);
  const out: { titles?: Titles; descriptions?: Titles } = {};
  if (g?.title === l.title) out.titles = g.titles;
  if (g?.description !== undefined && g.description === l.description) out.descriptions = g.descriptions;
  return out;
}
