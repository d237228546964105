import type { PackImageKind } from "@/lib/schemas/pack-images";

/** What each card is called and how its alt text reads, per language (the founder's words fill the slots). */
interface CardWords {
  /** The exports' section of cards. */
  section: string;
  /** The name of the alt text file in the zip. */
  altFile: string;
  kinds: Record<PackImageKind, string>;
  withLogo: (slots: { kind: string; name: string; headline: string }) => string;
  plain: (slots: { kind: string; name: string; headline: string }) => string;
}

const cardWords: Record<string, CardWords> = {
  en: {
    section: "Brand cards",
    altFile: "alt-text",
    kinds: {
      "open-graph": "Link preview image",
      square: "Square card",
      portrait: "Portrait card",
      "product-hunt": "Product Hunt gallery image",
      header: "Header image",
    },
    withLogo: ({ kind, name, headline }) => `${kind} with the ${name} logo: “${headline}”`,
    plain: ({ kind, name, headline }) => `${kind} for ${name}: “${headline}”`,
  },
  de: {
    section: "Markenkarten",
    altFile: "alternativtexte",
    kinds: {
      "open-graph": "Vorschaubild für Links",
      square: "Quadratische Karte",
      portrait: "Karte im Hochformat",
      "product-hunt": "Galeriebild für Product Hunt",
      header: "Titelbild",
    },
    withLogo: ({ kind, name, headline }) => `${kind} mit dem Logo von ${name}: „${headline}“`,
    plain: ({ kind, name, headline }) => `${kind} von ${name}: „${headline}“`,
  },
  fr: {
    section: "Visuels de marque",
    altFile: "textes-alternatifs",
    kinds: {
      "open-graph": "Image d’aperçu de lien",
      square: "Carte carrée",
      portrait: "Carte au format portrait",
      "product-hunt": "Image de galerie Product Hunt",
      header: "Image d’en-tête",
    },
    withLogo: ({ kind, name, headline }) => `${kind} avec le logo de ${name} : « ${headline} »`,
    plain: ({ kind, name, headline }) => `${kind} de ${name} : « ${headline} »`,
  },
  es: {
    section: "Tarjetas de marca",
    altFile: "textos-alternativos",
    kinds: {
      "open-graph": "Imagen de vista previa del enlace",
      square: "Tarjeta cuadrada",
      portrait: "Tarjeta vertical",
      "product-hunt": "Imagen de la galería de Product Hunt",
      header: "Imagen de cabecera",
    },
    withLogo: ({ kind, name, headline }) => `${kind} con el logotipo de ${name}: «${headline}»`,
    plain: ({ kind, name, headline }) => `${kind} de ${name}: «${headline}»`,
  },
  pt: {
    section: "Cartões da marca",
    altFile: "textos-alternativos",
    kinds: {
      "open-graph": "Imagem de pré-visualização do link",
      square: "Cartão quadrado",
      portrait: "Cartão vertical",
      "product-hunt": "Imagem da galeria do Product Hunt",
      header: "Imagem de cabeçalho",
    },
    withLogo: ({ kind, name, headline }) => `${kind} com o logotipo de ${name}: “${headline}”`,
    plain: ({ kind, name, headline }) => `${kind} de ${name}: “${headline}”`,
  },
  zh: {
    section: "品牌卡片",
    altFile: "替代文本",
    kinds: {
      "open-graph": "链接预览图",
      square: "方形卡片",
      portrait: "竖版卡片",
      "product-hunt": "Product Hunt 图库图片",
      header: "横幅图片",
    },
    withLogo: ({ kind, name, headline }) => `带有${name}标志的${kind}：“${headline}”`,
    plain: ({ kind, name, headline }) => `${name}的${kind}：“${headline}”`,
  },
  ja: {
    section: "ブランドカード",
    altFile: "代替テキスト",
    kinds: {
      "open-graph": "リンクプレビュー画像",
      square: "正方形のカード",
      portrait: "縦長のカード",
      "product-hunt": "Product Hunt ギャラリー画像",
      header: "ヘッダー画像",
    },
    withLogo: ({ kind, name, headline }) => `${name}のロゴ入りの${kind}：「${headline}」`,
    plain: ({ kind, name, headline }) => `${name}の${kind}：「${headline}」`,
  },
};

// Quotation marks the founder's own words may already carry: the template adds its own, once.
const quoted = /^[\s"'“”„‘’«»「」『』‚‹›]+|[\s"'“”„‘’«»「」『』‚‹›]+$/g;

/**
 * A card's alt text in the project's language: what the image is, whose it is and the words
 * on it. In a language with no words here, only the founder's own words (no English mixed in).
 */
export function cardAltText(
  language: string,
  { kind, name, headline, logo }: { kind: PackImageKind; name: string; headline: string; logo: boolean },
): string {
  const words = cardWords[language.toLowerCase().split("-")[0]!];
  const slots = { name: name.trim(), headline: headline.replace(quoted, "").trim() };
  if (!words) return `${slots.name}: ${slots.headline}`;
  const kindName = words.kinds[kind];
  return (logo ? words.withLogo : words.plain)({ kind: kindName, ...slots });
}

/** A card's name in the project's language (English where there are no words for it). */
export const cardKindName = (language: string, kind: PackImageKind) => wordsOf(language).kinds[kind];

const wordsOf = (language: string) => cardWords[language.toLowerCase().split("-")[0]!] ?? cardWords.en!;

/** The exports' section title for the cards and the alt text file's name, in the project's language. */
export const cardSectionWords = (language: string) => ({ title: wordsOf(language).section, altFile: wordsOf(language).altFile });
