/** A 1x1 PNG, base64: the smallest logo an upload accepts. */
export const onePixelPng = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * Valid bodies and queries of the operations, besides their ids: a call made with them gets
 * past validation to the lookup, so the generated isolation tests reach the ownership check.
 */
export const validInput: Record<string, { body?: Record<string, unknown>; query?: Record<string, unknown> }> = {
  signup: { body: { email: "stranger-signup@example.com", password: "a long enough password", acceptTerms: true } },
  bootstrapApiKey: { body: { tokenHash: "0".repeat(64) } },
  // A fresh address each call: one address gets three re-sent links an hour.
  resendConfirmation: {
    get body() {
      return { email: `stranger-resend-${crypto.randomUUID()}@example.com` };
    },
  },
  createProject: {
    body: { name: "Stranger", onboarding: { businessName: "Stranger", productDescription: "x", problemSolved: "y" } },
  },
  startProjectFromDraft: {
    body: { name: "Stranger", onboarding: { businessName: "Stranger", productDescription: "x", problemSolved: "y" } },
  },
  updateProject: { body: { name: "Hijacked" } },
  startAgent: { body: { agentType: "market-strategist" } },
  reviewRun: { body: { action: "approve", decisions: { brandName: "Hijacked" } } },
  updateDecisions: { body: { brandName: "Hijacked" } },
  editContent: { body: { body: "Hijacked" } },
  fillContentBlank: { body: { index: 0, value: "Hijacked" } },
  approveCycle: { body: {} },
  submitRetro: { body: { overall: "Hijacked", items: [] } },
  generateItem: { body: {} },
  reviewItem: { body: { status: "skipped" } },
  editItemDraft: { body: { body: "Hijacked" } },
  updateTask: { body: { status: "done" } },
  uploadItemImage: { body: { contentType: "image/png", data: onePixelPng, alt: "A dot" } },
  attachItemCard: { body: { headline: "Hijacked" } },
  updateItemImage: { body: { alt: "Hijacked" } },
  previewItemImport: { body: { csv: "channel,day,title,text,link\nx,Mon,Hi,Hijacked,\n" } },
  importItems: { body: { csv: "channel,day,title,text,link\nx,Mon,Hi,Hijacked,\n" } },
  createReviewLink: { body: { label: "Stranger", expiresInDays: 2 } },
  updateReviewSettings: { body: { reviewerApprovalSchedules: true } },
  approveAsReviewer: { body: { name: "Stranger" } },
  requestChangesAsReviewer: { body: { name: "Stranger", comment: "Hijacked" } },
  editAsReviewer: { body: { name: "Stranger", edit: { body: "Hijacked" } } },
  exportLaunchPack: { query: { format: "json" } },
  renderPackImages: { body: { kind: "square" } },
  updatePackImage: { body: { headline: "Hijacked" } },
  saveOnboardingDraft: { body: { step: 0, answers: { name: "Stranger's draft" } } },
  uploadProjectLogo: { body: { contentType: "image/png", data: onePixelPng } },
  deleteProject: { body: { confirmName: "Hijacked" } },
  deleteAccount: { body: { confirmEmail: "nobody@example.com" } },
  createKey: { body: { name: "Stranger's key" } },
  createCheckout: { body: { plan: "pro" } },
  scheduleItem: { body: { scheduledAt: null } },
  confirmPublication: { body: { outcome: "posted", url: "https://x.com/tidyfounder/status/1" } },
  connectBluesky: { body: { handle: "stranger.example", appPassword: "stranger-pass" } },
  connectWithForm: { body: { network: "buttondown", fields: { apiKey: "stranger-api-key" } } },
  startMastodonConnection: { body: { instanceUrl: "https://mastodon.example" } },
  finishMastodonConnection: { body: { state: "s".repeat(40), code: "stranger-code" } },
  startOAuthConnection: { body: { network: "x" } },
  finishOAuthConnection: { body: { network: "x", state: "s".repeat(40), code: "stranger-code" } },
  updatePublishingSettings: { body: { timeZone: "Europe/Paris" } },
  updateAlertPreferences: { body: { post_failed: false } },
  createLink: { body: { destination: "https://stranger.example/" } },
  updateLink: { body: { destination: "https://stranger.example/", enabled: false } },
  recordConversion: { body: { event: "signup", externalId: "stranger" } },
  updateLinkSettings: { body: { siteUrl: "https://stranger.example/", linkTracking: false } },
  createIngestKey: { body: { kind: "publishable" } },
  createWebhookEndpoint: { body: { url: "https://stranger.example/hooks", events: ["item.published"] } },
  updateWebhookEndpoint: { body: { enabled: false } },
  trackSiteConversion: { body: { key: `llp_${"x".repeat(32)}`, event: "signup", externalId: "stranger" } },
};
