/** A realistic founder's onboarding answers, used across the tests and the README sample. */
export const sampleOnboarding = {
  businessName: "Tidybooks",
  productDescription:
    "Tidybooks reads your bank feed every night, matches each payment to its invoice and chases late payers with polite reminders, so a freelancer's books are always up to date.",
  problemSolved: "freelancers lose hours every month reconciling payments and chasing late invoices",
  features: [
    {
      what: "Automatic bank matching",
      who: "freelancers with many small clients",
      benefit: "Your books reconcile themselves overnight",
    },
    { what: "Polite payment reminders", who: null, benefit: "Get paid on time without awkward emails" },
    { what: "One-click tax export", who: "anyone filing quarterly", benefit: "Hand your accountant a clean file in seconds" },
  ],
  whyItMatters: "Every hour spent on bookkeeping is an hour not spent on paid work.",
  audienceType: "independent designers and developers",
  audienceDescription: "Freelance designers and developers with five to thirty clients who do their own bookkeeping and hate it.",
  talkedToAudience: "Interviewed 14 freelancers in October",
  audienceFeedback: "I put off invoicing follow-ups for weeks because it feels awkward to ask for money.",
  audienceGenerations: ["Millennials", "Gen Z"],
  audiencePlatforms: ["LinkedIn", "X", "Reddit"],
  founderPlatforms: ["X", "LinkedIn"],
  enabledChannels: ["x", "linkedin", "reddit", "newsletter", "instagram"],
  successDefinition: ["200 paying freelancers", "Featured in a freelancer newsletter"],
  successTimeline: "three months",
  toneWords: ["friendly", "clear", "reassuring"],
  avoidToneWords: ["corporate", "salesy"],
  desiredActions: ["Start a free trial", "Join the waitlist"],
  actionPriority: "Start a free trial",
  founderStory:
    "I freelanced as a designer for eight years and lost a whole weekend every quarter to bookkeeping. I built Tidybooks so nobody else has to.",
  whyChooseYou: "Built by a freelancer for freelancers, with reminders that sound like you, not like a collections agency.",
  avoidTopics: "Tax advice",
  existingAssets: ["Landing page", "Waitlist of 120 people"],
  assetUrls: "https://tidybooks.example",
  weeklyHours: "5 hours",
  approvalPreference: "Review everything before it goes out",
  productReadiness: "Private beta",
  existingAudience: "1,200 followers on X",
  geographicFocus: "UK and EU",
  revenueModel: "Subscription, 12 euros a month",
  marketingBudget: "Under 200 euros a month",
};

export const sampleProject = { name: "Tidybooks launch", onboarding: sampleOnboarding };
