import type { TGenre, TSchoolYear } from "@essay/contract";

/** What the teacher sets before a record exists: the topic, the students' school year and the genre. */
export interface Draft {
  /** Empty until the teacher types one: the sample topic is only a suggestion (placeholder). */
  topic: string;
  schoolYear: TSchoolYear | null;
  genre: TGenre | null;
}
