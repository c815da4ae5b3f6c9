import { scoreColor } from "@essay/contract";

/** Tailwind classes for the spec's score colours (§9). */
export function scoreClasses(score: number): { text: string; bg: string; bar: string } {
  switch (scoreColor(score)) {
    case "purple":
      return { text: "text-purple-700", bg: "bg-purple-50 border-purple-200", bar: "bg-purple-500" };
    case "green":
      return { text: "text-green-700", bg: "bg-green-50 border-green-200", bar: "bg-green-500" };
    case "blue":
      return { text: "text-blue-700", bg: "bg-blue-50 border-blue-200", bar: "bg-blue-500" };
    case "yellow":
      return { text: "text-yellow-700", bg: "bg-yellow-50 border-yellow-200", bar: "bg-yellow-500" };
    default:
      return { text: "text-red-700", bg: "bg-red-50 border-red-200", bar: "bg-red-500" };
  }
}
