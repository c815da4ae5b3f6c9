import { GENRES } from "@essay/contract";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema.accounts.ts";
import { manuscripts } from "./schema.manuscripts.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A teacher's class. Students join by the teacher adding their phone number or by entering `joinCode`. */
export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    teacherId: uuid("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The teacher's label for the class's grade ("三年级", "Grade 8"). */
    grade: text("grade").notNull(),
    /** The students' school year, 1–12 (null for classes created before levels existed). */
    schoolYear: integer("school_year"),
    subject: text("subject").notNull(),
    /** 6 characters from an unambiguous alphabet; unique across the instance. */
    joinCode: text("join_code").notNull().unique(),
    createdAt: ts("created_at").notNull().default(sql`now()`),
  },
  (t) => [index("classes_teacher_idx").on(t.teacherId, t.createdAt)],
);

/** Roster: which students belong to which class, with the number the teacher knows them by. */
export const classMembers = pgTable(
  "class_members",
  {
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Student number within the class (school id or roster number); goes into the manuscript's studentId. */
    studentNumber: text("student_number").notNull(),
    joinedAt: ts("joined_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index("class_members_student_idx").on(t.studentId)],
);

/**
 * A phone number a teacher added to a class; its owner joins by accepting (a student account with that phone sees
 * it). Kept by phone, not by user, so the teacher's answer is the same whoever holds the number.
 */
export const classAdditions = pgTable(
  "class_additions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    /** The number the teacher gave; null: the next roster number on accepting. */
    studentNumber: text("student_number"),
    addedAt: ts("added_at").notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("class_additions_class_phone_idx").on(t.classId, t.phoneNumber),
    index("class_additions_phone_idx").on(t.phoneNumber),
  ],
);

/** An essay task for one class: what the grader grades against and the topic card shows. */
export const assignments = pgTable(
  "assignments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    topic: text("topic").notNull(),
    /** The target the teacher set; null: the length the topic names, else the level's usual length. */
    targetLength: integer("target_length"),
    language: text("language", { enum: ["zh-CN", "zh-TW", "en"] }).notNull(),
    /** The students' school year, 1–12 (from the class unless set). */
    schoolYear: integer("school_year"),
    /** The genre the topic sets, when the teacher chose one (else recognised from the topic). */
    genre: text("genre", { enum: GENRES }),
    dueAt: ts("due_at"),
    createdAt: ts("created_at").notNull().default(sql`now()`),
  },
  (t) => [index("assignments_class_idx").on(t.classId, t.createdAt)],
);

/**
 * One student's work for one assignment. The essay itself is a manuscript owned by the class's teacher,
 * so it goes through the teacher's grading flow unchanged; `releasedAt` decides what the student sees.
 */
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    manuscriptId: uuid("manuscript_id")
      .notNull()
      .unique()
      .references(() => manuscripts.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().default(sql`now()`),
    submittedAt: ts("submitted_at"),
    releasedAt: ts("released_at"),
  },
  (t) => [
    uniqueIndex("submissions_assignment_student_idx").on(t.assignmentId, t.studentId),
    index("submissions_student_idx").on(t.studentId, t.createdAt),
  ],
);
