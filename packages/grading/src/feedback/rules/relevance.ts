import { list, say } from "../say.ts";
import type { Rule } from "../types.ts";

/** Whether the essay takes up the topic's key terms (a topic without content words says nothing here). */
export const relevanceRule: Rule = {
  id: "relevance",
  criterion: "content",
  applies: (a) => a.topicCovered.length + a.topicMissing.length > 0,
  observe(a) {
    const cov = a.topicCovered.slice(0, 4);
    const miss = a.topicMissing.slice(0, 3);
    const share = a.topicCovered.length / (a.topicCovered.length + a.topicMissing.length);
    if (share >= 0.2 && cov.length > 0) {
      return {
        weight: 1 + share * 2,
        text: say(
          `Stays on topic: the essay takes up the topic's key terms ${list(cov, "en")}.`,
          `紧扣题目，文中回应了题目中的${list(cov, "zh-CN")}等关键词。`,
          `緊扣題目，文中回應了題目中的${list(cov, "zh-TW")}等關鍵詞。`,
        ),
        evidence: { quote: cov.join(", "), note: "topic terms covered" },
      };
    }
    return {
      weight: -2 - (1 - share) * 2,
      text: say(
        `The essay barely addresses the topic: key terms such as ${list(miss, "en")} never appear.`,
        `与题目联系不够紧密：题目中的${list(miss, "zh-CN")}等关键词在文中没有出现。`,
        `與題目聯繫不夠緊密：題目中的${list(miss, "zh-TW")}等關鍵詞在文中沒有出現。`,
      ),
      evidence: { quote: miss.join(", "), note: "topic terms missing" },
    };
  },
};
