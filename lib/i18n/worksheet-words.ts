import type { PhraseKey } from "./en";

/**
 * A worksheet's own words in a language the offline engine has no phrasebook for: the
 * notice that says what a worksheet is, its headings and the names of a post's angles. The
 * founder's answers fill the worksheet; these words frame them in the founder's language
 * instead of English. A language missing here keeps the English ones.
 */
interface WorksheetWords {
  notice: (slots: { language: string; drafting: string }) => string;
  phrases: Partial<Record<PhraseKey, string>>;
}

const worksheetWords: Record<string, WorksheetWords> = {
  zh: {
    notice: ({ language, drafting }) =>
      `✎ 工作表（${language}）：Launchloop 离线时只能用 ${drafting} 写成完整的文案。这一步只把你自己的回答整理出来；连接一个模型（OPENAI_API_KEY）即可得到完整的文案。`,
    phrases: {
      "title.market-summary": "市场概况",
      "title.audience": "受众",
      "title.ideal-customer-profiles": "理想客户画像",
      "title.painPoints": "痛点",
      "title.whereTheyAre": "他们在哪里",
      "title.buyingTriggers": "购买契机",
      "title.competitor-angles": "竞争对手的切入点",
      "title.theirAngle": "他们的切入点",
      "title.ourOpening": "我们的机会",
      "title.positioning-options": "定位选项",
      "title.value-propositions": "价值主张",
      "title.risks": "有待验证的风险",
      "title.brand-names": "品牌名称选项",
      "title.taglines": "标语选项",
      "title.voice": "语气与风格指南",
      "title.traits": "特点",
      "title.do": "应该做的",
      "title.dont": "应该避免的",
      "title.palette": "配色方案",
      "title.color": "颜色",
      "title.use": "用途",
      "title.messaging-pillars": "核心信息",
      "title.launch-plan": "发布计划",
      "title.goal": "目标",
      "title.channel-strategy": "渠道策略",
      "title.role": "作用",
      "title.cadence": "频率",
      "title.firstMove": "第一步",
      "title.metrics": "成功指标与发布日清单",
      "title.metric": "指标",
      "title.target": "目标值",
      "title.checklist": "发布日清单",
      "title.skipped": "未纳入的内容",
      "title.homepage": "首页",
      "title.about": "关于我们",
      "title.faq": "常见问题",
      "title.post": "{channel} 发布帖",
      "title.announcement-email": "发布邮件",
      "title.subject": "主题",
      "title.preview": "预览",
      "title.product-hunt": "Product Hunt 页面",
      "title.name": "名称",
      "title.tagline": "标语",
      "title.description": "描述",
      "title.firstComment": "第一条评论",
      "title.press-blurb": "新闻简介",
      "title.hook": "开场",
      "title.onScreen": "屏幕文字",
      "title.voiceOver": "旁白",
      "title.caption": "配文",
      "title.step": "步骤",
      "title.launchPack": "发布资料包",
      "angle.pain": "客户痛点",
      "angle.story": "创始人故事",
      "angle.how-to": "实用技巧",
      "angle.question": "提问",
      "angle.proof": "证明",
      "angle.behind": "幕后",
      "angle.launch": "发布",
    },
  },
};

const wordsOf = (language: string) => worksheetWords[language.toLowerCase().split("-")[0]!];

/** A worksheet's heading or angle name in the language, when there are words for it. */
export const worksheetPhrase = (language: string, key: PhraseKey): string | undefined => wordsOf(language)?.phrases[key];

/** The notice a worksheet opens with, in the language when there are words for it. */
export function worksheetNotice(language: string, drafting: string[]): string {
  const words = wordsOf(language);
  if (words) return words.notice({ language, drafting: drafting.join("、") });
  return `✎ Worksheet (${language}): Launchloop drafts finished text offline in ${drafting.join(", ")}. For ${language} it arranges your own answers for this step; connect a model (OPENAI_API_KEY) for finished text.`;
}
