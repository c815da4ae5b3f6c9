import { expect } from "vitest";
import type { TestClient } from "./harness.ts";

/**
 * Puts a student in a class the way the app does: the teacher adds the phone, the student accepts.
 * Returns the class as the student sees it.
 */
export async function addToClass(
  teacher: TestClient,
  student: { client: TestClient; user: { phoneNumber: string } },
  classId: string,
  studentNumber?: string,
) {
  const added = await teacher.post(`/api/classes/${classId}/students`, {
    phoneNumber: student.user.phoneNumber,
    ...(studentNumber ? { studentNumber } : {}),
  });
  expect(added.status).toBe(200);
  const offers = (await student.client.get("/api/student/class-additions")).body as { id: string; classId: string }[];
  const offer = offers.find((o) => o.classId === classId);
  if (!offer) throw new Error("the student does not see the teacher's addition");
  const accepted = await student.client.post(`/api/student/class-additions/${offer.id}/accept`);
  expect(accepted.status).toBe(200);
  return accepted.body;
}
