interface LaunchAnswers {
  businessName?: string | null;
  productDescription?: string | null;
  features?: { what?: string | null }[] | null;
  revenueModel?: string | null;
  productReadiness?: string | null;
  actionPriority?: string | null;
  desiredActions?: string[] | null;
  enabledChannels?: string[] | null;
  audiencePlatforms?: string[] | null;
  existingAssets?: string[] | null;
}

// What a product is when it is software, in the five drafting languages: the kind that launches on Product Hunt.
const software =
  /\b(apps?|application|software|saas|cli|api|sdk|plug-?in|extension|add-?on|browser|chrome|web ?app|platform|dashboard|bot|open[- ]source|github|ios|android|macos|logiciel|plateforme|aplicación|aplicativo|plataforma|anwendung|erweiterung)\b/i;
// A software product's stage and first action: a beta, a free trial, an install or download.
const softwareStage = /\b(beta|alpha|mvp|early access)\b/i;
const softwareAction =
  /free trial|sign ?up|install|download|waitlist|herunterladen|installieren|télécharger|descargar|baixar|instalar/i;
const productHunt = /product\s*hunt/i;

/**
 * Whether a launch pack gets a Product Hunt listing: when the product is software (the
 * kind that launches there), or when the founder asks for it (a channel, a platform or
 * their feedback names Product Hunt). A bakery gets none unless it asks.
 */
export function launchesOnProductHunt(answers: LaunchAnswers, feedback?: string | null): boolean {
  const asked = [
    ...(answers.enabledChannels ?? []),
    ...(answers.audiencePlatforms ?? []),
    ...(answers.existingAssets ?? []),
    feedback ?? "",
  ];
  if (asked.some((text) => productHunt.test(text))) return true;
  const product = [
    answers.businessName,
    answers.productDescription,
    answers.revenueModel,
    ...(answers.features ?? []).map((feature) => feature.what),
  ];
  const actions = [answers.actionPriority, ...(answers.desiredActions ?? [])];
  return (
    product.some((text) => software.test(text ?? "")) ||
    softwareStage.test(answers.productReadiness ?? "") ||
    actions.some((text) => softwareAction.test(text ?? ""))
  );
}
