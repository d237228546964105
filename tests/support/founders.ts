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

/**
 * Founders whose answers are written the way people type them (issue #40): emoji everywhere,
 * quotation marks of every language, "- a\n- b" lists, one word per answer, answers at their
 * length limit, and a language the engine has no phrasebook for. The engine must not quote a
 * quotation again, say a label's word twice or glue an emoji to punctuation.
 */
export const emojiPlants: BenchFounder = {
  key: "en-emoji",
  language: "en",
  name: "Sprout Club",
  onboarding: {
    businessName: "Sprout Club 🌱",
    productDescription:
      "🌱 Sprout Club sends reminders 🔔, care tips 💡 and a weekly watering plan 🗓️ to your phone! 🙌 It learns which plants you have 📸.",
    problemSolved: "houseplants die 😢 because people forget when to water them 💧",
    features: [
      { what: "🔔 Smart reminders", who: "busy people 🏃", benefit: "reminders that fit your day ⏰" },
      { what: "💡 Care tips", who: null, benefit: '"Care tips" 📚 for every plant 🌿' },
    ],
    whyItMatters: "Green homes 🏡 make happy people 😊!",
    audienceType: '"plant parents" 🪴',
    audienceDescription: "Busy people 🏃‍♀️ in cities 🏙️ who love plants 🌿 but forget them 🙈.",
    audienceFeedback: '"I love it!!! 😍"',
    audiencePlatforms: ["Instagram 📸", "TikTok 🎵"],
    enabledChannels: ["Instagram", "TikTok", "Newsletter", "X (formerly Twitter)"],
    successDefinition: ["🎯 1,000 sign-ups"],
    successTimeline: "by June ☀️",
    toneWords: ["fun 🎉", "warm ☀️"],
    avoidToneWords: ["preachy 🙄"],
    actionPriority: "👉 Join the waitlist!",
    founderStory: 'I killed 12 plants 🪦 in one year 😅. So I built "Sprout Club" 🌱 for me, and for you 🫵!',
    whyChooseYou: "Reminders 💚 that know your plants, not a calendar 📅.",
    assetUrls: "https://sprout.club",
    weeklyHours: "3 hours ⏳",
  },
  retroNote: "TikTok is dead for us 💀, nobody watched.",
  droppedChannel: "tiktok",
  productHunt: true,
};

export const quotedCafe: BenchFounder = {
  key: "de-quotes",
  language: "de",
  name: "Kaffeeklatsch Altona",
  onboarding: {
    businessName: "Kaffeeklatsch Altona",
    productDescription: "Ein „Café zum Mitnehmen“ in Hamburg-Altona: Wir rösten selbst und sagen „Guten Morgen“ mit Namen.",
    problemSolved: "„Kaffee to go“ schmeckt oft nach Pappbecher, und niemand kennt deinen Namen",
    features: [
      { what: "„Mein Becher“-Abo", who: "Pendler", benefit: "„Einmal wie immer“, ohne Warten" },
      { what: "Röstung im Laden", who: null, benefit: "Bohnen, die „gestern noch grün“ waren" },
    ],
    whyItMatters: "Ein guter Kaffee ist ‚der beste Start‘ in den Tag.",
    audienceType: "„Frühaufsteher“ in Altona",
    audienceDescription: "Pendler und Eltern, die sagen: „Ohne Kaffee geht nichts.“",
    audienceFeedback: "„Endlich kennt jemand meinen Namen.“ „Der beste Flat White in Altona!“",
    enabledChannels: ["Instagram", "Newsletter", "Facebook-Gruppen"],
    successDefinition: ["„200 Stammgäste“ bis Ende Mai"],
    successTimeline: "bis Ende Mai",
    toneWords: ["„herzlich“", "»direkt«"],
    actionPriority: "„Becher-Abo“ testen",
    founderStory: "Meine Oma sagte immer: „Kaffee ist Zeit für dich.“ Daran denke ich jeden Morgen.",
    whyChooseYou: '"Wir rösten selbst" und kennen „unsere Leute“.',
    assetUrls: "https://kaffeeklatsch-altona.de",
    weeklyHours: "3 Stunden",
  },
  retroNote: "Der Newsletter ist tot für uns, niemand hat geantwortet.",
  droppedChannel: "newsletter",
  productHunt: false,
};

export const guillemetGrocer: BenchFounder = {
  key: "fr-quotes",
  language: "fr",
  name: "Le Bocal",
  onboarding: {
    businessName: "Le Bocal",
    productDescription: "« Le Bocal » est une épicerie en vrac à Lyon : vous apportez vos « bocaux », nous les remplissons.",
    problemSolved: "les courses « zéro déchet » prennent trop de temps et les magasins sont loin",
    features: [
      { what: "« Remplissage express »", who: "les familles", benefit: "« Vos courses en dix minutes », sans emballage" },
    ],
    audienceType: "« familles zéro déchet » de Lyon",
    audienceFeedback: "« Enfin une épicerie où je me sens chez moi. »",
    enabledChannels: ["Instagram", "Facebook", "Newsletter"],
    successDefinition: ["« 300 clients fidèles »"],
    successTimeline: "d'ici juin",
    toneWords: ["« chaleureux »", "simple"],
    actionPriority: "Venir avec son « bocal »",
    founderStory: "Ma grand-mère disait : « Rien ne se perd. » J'ai ouvert Le Bocal pour elle.",
    whyChooseYou: "« Fait ici », pesé devant vous.",
    assetUrls: "https://lebocal.fr",
    weeklyHours: "4 heures",
  },
  retroNote: "Instagram est mort pour nous, personne n'a réagi.",
  droppedChannel: "instagram",
  productHunt: false,
};

export const listGreengrocer: BenchFounder = {
  key: "es-lists",
  language: "es",
  name: "Huerta Viva",
  onboarding: {
    businessName: "Huerta Viva",
    productDescription:
      "- Cestas de verdura ecológica de la huerta de Valencia\n- Reparto en bicicleta cada martes\n- Recetas sencillas con cada cesta",
    problemSolved: "- la verdura del supermercado no sabe a nada\n- nadie sabe de dónde viene",
    features: [
      {
        what: "- Cesta semanal",
        who: "- familias",
        benefit: "- Verdura de temporada\n- Sin plástico",
      },
      { what: "* Recetas", who: null, benefit: "* Ideas para cocinar lo que llega en la cesta" },
    ],
    whyItMatters: "- Comer bien\n- Apoyar a los agricultores de la huerta",
    audienceType: "familias de Valencia",
    audienceDescription: "- Familias con niños\n- Parejas jóvenes\n- Gente que cocina en casa",
    audienceFeedback: '- "La verdura dura toda la semana"\n- "Mis hijos comen más verdura"',
    enabledChannels: ["Instagram", "Newsletter", "Facebook"],
    successDefinition: ["- 100 cestas a la semana", "- "],
    successTimeline: "para septiembre",
    toneWords: ["- cercano", "- honesto"],
    actionPriority: "- Pedir la primera cesta",
    founderStory: "- Crecí en la huerta de mi abuelo.\n- Volví a Valencia para cultivar como él.",
    whyChooseYou: "- Del campo a tu puerta en un día\n- Sin intermediarios",
    assetUrls: "https://huertaviva.es",
    weeklyHours: "4 horas",
  },
  retroNote: "Facebook está muerto para nosotros, nadie pidió nada.",
  droppedChannel: "facebook-group",
  productHunt: false,
};

export const oneWordFounder: BenchFounder = {
  key: "en-oneword",
  language: "en",
  name: "Knotwise",
  onboarding: {
    businessName: "Knotwise",
    productDescription: "Knots.",
    problemSolved: "Tangles",
    features: [{ what: "Guides", who: "Sailors", benefit: "Speed" }],
    whyItMatters: "Safety",
    audienceType: "Sailors",
    audienceDescription: "Sailors",
    audienceFeedback: "Finally",
    enabledChannels: ["Instagram", "Reddit"],
    successDefinition: ["Sales"],
    successTimeline: "June",
    toneWords: ["calm"],
    actionPriority: "Buy",
    founderStory: "Sailing",
    whyChooseYou: "Faster",
    assetUrls: "https://knotwise.app",
    weeklyHours: "2",
  },
  retroNote: "Reddit is dead for us, nobody replied.",
  droppedChannel: "reddit",
  productHunt: true,
};

const longStory = [
  "I worked as a night-shift nurse for eleven years, and every handover I watched colleagues copy the same notes from one paper chart to another while a patient waited for them.",
  'One night a colleague said "we spend more time writing about care than giving it", and I wrote that sentence on the back of my hand so I would not forget it.',
  "I learned to code on my days off, first with spreadsheets, then with a small app that read the ward's handover sheet aloud to the next shift.",
  'The head nurse of my ward tried it for a month and told me, "This is the first tool that gave me time back instead of taking it."',
  "Since then I have sat with nurses on forty wards in six hospitals, watched how they hand over, and rebuilt the app around what they told me, not around what a hospital buys.",
].join(" ");

export const longAnswersFounder: BenchFounder = {
  key: "en-long",
  language: "en",
  name: "Handover",
  onboarding: {
    businessName: "Handover",
    productDescription: [
      "Handover is a tablet app for hospital wards that turns the spoken shift handover into a structured, searchable note, so the nurse who starts a shift knows in two minutes what the nurse who ends it spent the night learning.",
      'It listens to the handover at the bedside, writes the note in the ward\'s own format, flags what changed since the last shift (a new medication, a fall risk, a family call), and lets the next nurse ask "what happened with bed 4 overnight?" and get the answer with the time it was said.',
      "It works offline on the ward's own tablets, keeps every note inside the hospital's network, and exports to the patient record the hospital already uses, so nobody types the same thing twice.",
      "Wards that tried it during our pilot cut their handover from forty minutes to fifteen, and their nurses said the notes were easier to read than their own handwriting.",
    ].join(" "),
    problemSolved:
      "nurses spend up to an hour a shift copying handover notes by hand, and what a tired nurse forgets to write down at seven in the morning is what the next shift needs to know at eight, which is how a changed medication or a patient's fall risk gets lost between two people who both did their job",
    features: [
      {
        what: "Bedside handover notes, written as the nurses speak",
        who: "ward nurses on every shift",
        benefit:
          "The handover takes fifteen minutes instead of forty, and the note says what was actually said at the bedside, in the ward's own format, with nothing copied by hand",
      },
      {
        what: '"What changed" flags since the last shift',
        who: "the nurse starting a shift",
        benefit: "A new medication, a fall risk or a family call is at the top of the note, not buried in the fourth paragraph",
      },
      {
        what: "Questions in plain words",
        who: "charge nurses",
        benefit: 'Ask "what happened with bed 4 overnight?" and get the answer with the time it was said and who said it',
      },
    ],
    whyItMatters:
      "Most harm in hospitals happens in the gaps between people, and the handover is the biggest gap of all: a nurse who knows what the last shift knew makes fewer mistakes and goes home on time.",
    audienceType: "ward nurses and charge nurses in mid-sized hospitals",
    audienceDescription:
      "Nurses who work twelve-hour shifts on busy medical and surgical wards, who already carry a tablet or a workstation on wheels, and who are tired of writing the same note three times. Charge nurses who answer for what happens between shifts and want to see at a glance what changed. Ward managers who have to show that handovers are safe without adding another form.",
    talkedToAudience: "Sat with nurses on forty wards in six hospitals over two years",
    audienceFeedback:
      '"This is the first tool that gave me time back instead of taking it." "I read the note on my break and I already knew the whole ward."',
    audiencePlatforms: ["LinkedIn", "Reddit", "Facebook groups for nurses"],
    enabledChannels: ["LinkedIn", "Reddit", "Newsletter", "Blog"],
    successDefinition: ["Ten wards paying by the end of the pilot", "Handover time under twenty minutes on every ward"],
    successTimeline: "by the end of next year",
    toneWords: ["calm", "precise", "respectful"],
    avoidToneWords: ["hype", "salesy"],
    actionPriority: "Book a ward pilot",
    founderStory: longStory,
    whyChooseYou:
      "Built by a nurse with nurses on forty wards, it works offline on the ward's own tablets and keeps every note inside the hospital, which is what a hospital's security team asks first.",
    avoidTopics: "Patient stories, even anonymised ones, and any claim about clinical outcomes",
    assetUrls: "https://handover.health",
    weeklyHours: "5 hours",
    productReadiness: "Pilot on six wards",
    geographicFocus: "UK and Ireland",
    revenueModel: "Per ward, per month, after a free pilot",
  },
  retroNote: "Reddit is dead for us, nobody replied.",
  droppedChannel: "reddit",
  productHunt: true,
};

export const chineseTea: BenchFounder = {
  key: "zh-tea",
  language: "zh",
  name: "山茶小铺",
  onboarding: {
    businessName: "山茶小铺",
    productDescription: "我们在杭州做「手工龙井」🍵，每周新鲜炒制，直接寄到你家。",
    problemSolved: "超市里的茶叶放了很久，“一点都不香”",
    features: [{ what: "「每月一茶」订阅", who: "上班族", benefit: "每个月一款当季好茶 🌿" }],
    whyItMatters: "好茶让一天慢下来。",
    audienceType: "喜欢喝茶的年轻上班族",
    audienceFeedback: "「终于喝到真正的龙井了！」",
    enabledChannels: ["Instagram", "Newsletter"],
    successDefinition: ["「500 位订阅者」"],
    successTimeline: "明年春天",
    toneWords: ["温暖", "真诚"],
    actionPriority: "订阅「每月一茶」",
    founderStory: "我外婆在龙井村种了一辈子茶。她常说：「茶要慢慢喝。」",
    whyChooseYou: "茶园直发，不经过中间商。",
    assetUrls: "https://shancha.shop",
    weeklyHours: "3 小时",
  },
  retroNote: "Instagram 对我们没用，没人回复。",
  droppedChannel: "instagram",
  productHunt: false,
};

/** The founders of issue #40: answers typed with emoji, quotation marks, lists, one word, at length, in Chinese. */
export const roughAnswerFounders = [
  emojiPlants,
  quotedCafe,
  guillemetGrocer,
  listGreengrocer,
  oneWordFounder,
  longAnswersFounder,
  chineseTea,
];

export const benchFounders = [
  terseDevtool,
  berlinBakery,
  richConsumerApp,
  frenchTutor,
  spanishCoffee,
  portugueseYoga,
  leipzigRefill,
  ...roughAnswerFounders,
];
