import type { Onboarding } from "@/lib/schemas/project";

/**
 * Founders unlike the sample: different languages, terse and rich answers. The quality
 * benchmark runs every one of them through the whole pipeline and two growth weeks.
 */
export interface BenchFounder {
  key: string;
  /** The language the answers are written in (what detection must find). */
  language: string;
  name: string;
  onboarding: Onboarding;
  /** A retro note for week one, in the founder's language, that drops a channel. */
  retroNote: string;
  /** The channel that note drops. */
  droppedChannel: string;
  /** Whether its kind of product launches on Product Hunt (software), so a listing belongs in its pack. */
  productHunt: boolean;
}

export const terseDevtool: BenchFounder = {
  key: "en-devtool",
  language: "en",
  name: "Schemadrift",
  onboarding: {
    businessName: "Schemadrift",
    productDescription: "A CLI that diffs Postgres schemas between environments and fails CI on drift.",
    problemSolved: "staging and production schemas drift apart and nobody notices until a deploy breaks",
    audienceType: "backend engineers",
    enabledChannels: ["X (formerly Twitter)", "Hacker News", "Reddit", "Blog"],
    weeklyHours: "2 hours",
    assetUrls: "https://schemadrift.dev",
    actionPriority: "Install the CLI",
  },
  retroNote: "Reddit is dead for us, nobody clicked.",
  droppedChannel: "reddit",
  productHunt: true,
};

export const berlinBakery: BenchFounder = {
  key: "de-bakery",
  language: "de",
  name: "Brotzeit Kreuzberg",
  onboarding: {
    businessName: "Brotzeit Kreuzberg",
    productDescription:
      "Wir backen jeden Morgen Sauerteigbrot und Brötchen in Kreuzberg und liefern sie vor sieben Uhr an die Haustür.",
    problemSolved:
      "Berufstätige in Berlin bekommen morgens kein frisches Brot, weil die Bäckerei erst öffnet, wenn sie schon im Büro sitzen",
    features: [
      {
        what: "Brot-Abo mit Lieferung bis sieben Uhr",
        who: "Familien und Berufstätige",
        benefit: "Frisches Brot auf dem Frühstückstisch, ohne Umweg",
      },
      { what: "Wochenkarte mit saisonalen Broten", who: null, benefit: "Jede Woche etwas Neues aus regionalem Mehl" },
    ],
    whyItMatters: "Gutes Brot gehört zum Tag, nicht nur zum Wochenende.",
    audienceType: "Berufstätige und Familien in Kreuzberg",
    audienceDescription: "Menschen in Kreuzberg und Neukölln, die früh aus dem Haus müssen und Wert auf echtes Handwerk legen.",
    audienceFeedback: "Ich würde sofort ein Abo nehmen, wenn das Brot wirklich vor sieben da ist.",
    audiencePlatforms: ["Instagram", "Facebook-Gruppen"],
    enabledChannels: ["Insta", "Facebook-Gruppe", "Newsletter"],
    successDefinition: ["150 Abos im Kiez"],
    successTimeline: "Ende März",
    toneWords: ["herzlich", "ehrlich", "bodenständig"],
    avoidToneWords: ["hip", "abgehoben"],
    actionPriority: "Probe-Abo bestellen",
    founderStory:
      "Ich habe zehn Jahre in einer Großbäckerei gearbeitet. Dann habe ich mit einem alten Ofen im Hinterhof neu angefangen.",
    whyChooseYou: "Handwerk aus dem Kiez, Lieferung mit dem Lastenrad.",
    assetUrls: "https://brotzeit-kreuzberg.de",
    weeklyHours: "3 Stunden",
    geographicFocus: "Kreuzberg und Neukölln",
    revenueModel: "Abo ab 19 Euro im Monat",
  },
  retroNote: "Der Newsletter ist tot für uns, niemand hat geantwortet.",
  droppedChannel: "newsletter",
  productHunt: false,
};

export const richConsumerApp: BenchFounder = {
  key: "en-consumer",
  language: "en",
  name: "Plantpal",
  onboarding: {
    businessName: "Plantpal",
    productDescription:
      "Plantpal is a phone app that identifies your houseplants from a photo and tells you when to water, repot and move each one, based on the light in your room. It learns from what you log, so reminders get better every week.",
    problemSolved:
      "people kill houseplants because every plant needs different care and generic watering schedules are wrong for their home",
    features: [
      { what: "Photo identification", who: "new plant owners", benefit: "Know exactly which plant you have in five seconds" },
      {
        what: "Light-aware reminders",
        who: "apartment dwellers with little sun",
        benefit: "Water when your plant needs it, not on a fixed schedule",
      },
      { what: "Rescue mode", who: null, benefit: "A step-by-step plan when leaves turn yellow" },
    ],
    whyItMatters: "A living room full of healthy plants makes people calmer, and dead plants make them feel guilty.",
    audienceType: "first-time plant owners in city apartments",
    audienceDescription: "Renters in their twenties and thirties who bought a few plants during a move and want them to survive.",
    talkedToAudience: "Ran a survey with 230 plant owners on r/houseplants",
    audienceFeedback: "I water on Sundays and half my plants still die, I never know what I'm doing wrong.",
    audiencePlatforms: ["Instagram", "TikTok", "Reddit", "Pinterest"],
    enabledChannels: ["Instagram", "TikTok", "Pinterest", "Newsletter", "Threads"],
    successDefinition: ["5,000 app installs", "1,000 weekly active users"],
    successTimeline: "the first two months after launch",
    toneWords: ["playful", "warm", "encouraging"],
    avoidToneWords: ["preachy", "technical"],
    desiredActions: ["Download the app", "Join the newsletter"],
    actionPriority: "Download the app",
    founderStory:
      "I killed eleven plants in my first apartment. My grandmother kept a jungle alive with a notebook and a window. I built Plantpal to be that notebook.",
    whyChooseYou: "Reminders based on your room's light, not a generic calendar.",
    avoidTopics: "Pesticides and pet safety claims",
    existingAssets: ["Landing page", "Instagram account with 800 followers"],
    assetUrls: "https://plantpal.app",
    weeklyHours: "6 hours",
    productReadiness: "Public beta",
    existingAudience: "800 followers on Instagram",
    geographicFocus: "US and Canada",
    revenueModel: "Free app, Plantpal Plus at 3.99 dollars a month",
  },
  retroNote: "Pinterest is dead for us, not one install came from it.",
  droppedChannel: "pinterest",
  productHunt: true,
};

export const frenchTutor: BenchFounder = {
  key: "fr-tutoring",
  language: "fr",
  name: "Maths en Ligne",
  onboarding: {
    businessName: "Maths en Ligne",
    productDescription:
      "Des cours de mathématiques en visio pour les lycéens, avec un professeur qui suit chaque élève toute l'année.",
    problemSolved: "les lycéens décrochent en maths et les parents ne trouvent pas de professeur disponible le soir",
    features: [
      { what: "Un professeur attitré", who: "les lycéens", benefit: "Un suivi régulier avec la même personne toute l'année" },
    ],
    audienceType: "parents de lycéens",
    audienceFeedback: "Mon fils a repris confiance en deux mois, il ose enfin lever la main en classe.",
    enabledChannels: ["Facebook", "Instagram", "Newsletter"],
    toneWords: ["rassurant", "clair"],
    actionPriority: "Réserver un cours d'essai",
    founderStory: "J'ai enseigné au lycée pendant quinze ans. J'ai vu trop d'élèves abandonner les maths faute d'aide.",
    assetUrls: "https://mathsenligne.fr",
    weeklyHours: "4 heures",
    successDefinition: ["50 familles abonnées"],
    successTimeline: "la rentrée de janvier",
  },
  retroNote: "Instagram est mort pour nous, aucun parent n'a réagi.",
  droppedChannel: "instagram",
  productHunt: false,
};

export const spanishCoffee: BenchFounder = {
  key: "es-coffee",
  language: "es",
  name: "Tostadero Sur",
  onboarding: {
    businessName: "Tostadero Sur",
    productDescription:
      "Tostamos café de especialidad en Sevilla cada semana y lo enviamos recién tostado a casa por suscripción.",
    problemSolved: "el café del supermercado lleva meses tostado y pierde todo su sabor antes de llegar a la taza",
    features: [
      {
        what: "Suscripción quincenal",
        who: "amantes del café en casa",
        benefit: "Café tostado hace menos de una semana, siempre",
      },
      { what: "Guía de preparación", who: null, benefit: "Aprenda a sacar lo mejor de cada grano en su cafetera" },
    ],
    audienceType: "amantes del café que preparan en casa",
    audienceFeedback: "No sabía que el café tenía fecha de tueste hasta que probé uno fresco.",
    enabledChannels: ["Instagram", "TikTok", "Newsletter"],
    toneWords: ["cercano", "apasionado"],
    actionPriority: "Suscribirse al café",
    founderStory: "Trabajé de barista en Madrid durante seis años. Volví a Sevilla para tostar el café que no encontraba.",
    assetUrls: "https://tostaderosur.es",
    weeklyHours: "5 horas",
    revenueModel: "Suscripción desde 14 euros cada dos semanas",
  },
  retroNote: "TikTok está muerto para nosotros, nadie compró.",
  droppedChannel: "tiktok",
  productHunt: false,
};

export const portugueseYoga: BenchFounder = {
  key: "pt-yoga",
  language: "pt",
  name: "Respira Estúdio",
  onboarding: {
    businessName: "Respira Estúdio",
    productDescription: "Aulas de ioga online ao vivo, de vinte minutos, para quem trabalha sentado o dia inteiro.",
    problemSolved: "quem trabalha em casa passa o dia sentado e sente dores nas costas sem tempo para uma aula longa",
    features: [
      { what: "Aulas curtas ao vivo", who: "quem trabalha em casa", benefit: "Vinte minutos que cabem na pausa do almoço" },
    ],
    audienceType: "profissionais que trabalham em casa",
    audienceFeedback: "Depois de uma semana já não acordo com dor no pescoço.",
    enabledChannels: ["Instagram", "YouTube Shorts", "Newsletter"],
    toneWords: ["calmo", "acolhedor"],
    actionPriority: "Experimentar uma semana grátis",
    founderStory: "Fui programadora durante dez anos e tive uma hérnia aos trinta. O ioga curto e diário mudou a minha rotina.",
    assetUrls: "https://respiraestudio.com.br",
    weeklyHours: "3 horas",
  },
  retroNote: "O YouTube Shorts está morto para nós, ninguém assistiu.",
  droppedChannel: "youtube-shorts",
  productHunt: false,
};

/** The answers behind the rough edges issue #25 quotes: a timeline that repeats the goal's, a quote already in quotation marks, an audience described in a sentence, a local shop on Threads. */
export const leipzigRefill: BenchFounder = {
  key: "de-refill",
  language: "de",
  name: "Füllbar Leipzig",
  onboarding: {
    businessName: "Füllbar Leipzig",
    productDescription:
      "Ein Unverpackt-Laden in Leipzig-Connewitz mit Nachfüllstation für Putzmittel, Nudeln und Müsli und einem wöchentlichen Newsletter mit Angeboten.",
    problemSolved: "Im Supermarkt ist fast alles in Plastik verpackt, und der Müll stapelt sich jede Woche",
    audienceDescription: "Haushalte in Leipzig, die weniger Müll machen wollen und Wert auf regionale Produkte legen.",
    audienceFeedback: "„Endlich ein Laden, der meine eigenen Gläser füllt.“",
    enabledChannels: ["Instagram", "Newsletter", "Facebook-Gruppen", "Threads"],
    successDefinition: ["300 Abonnent:innen bis Ende Juni"],
    successTimeline: "bis Ende Juni",
    toneWords: ["freundlich", "ehrlich"],
    actionPriority: "Newsletter abonnieren",
    founderStory: "Ich habe zwei Jahre lang unverpackt eingekauft und dafür durch die halbe Stadt fahren müssen.",
    assetUrls: "https://fuellbar-leipzig.de",
    weeklyHours: "3 Stunden",
  },
  retroNote: "Threads ist tot für uns, niemand hat reagiert.",
  droppedChannel: "threads",
  productHunt: false,
};

export const benchFounders = [
  terseDevtool,
  berlinBakery,
  richConsumerApp,
  frenchTutor,
  spanishCoffee,
  portugueseYoga,
  leipzigRefill,
];
