import type {
  TAddStudentRequest,
  TAssignmentDetail,
  TClassDetail,
  TClassSummary,
  TCreateAssignmentRequest,
  TCreateClassRequest,
  TStudentClass,
  TStudentSubmission,
  TTeacherAssignment,
} from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

// Teacher side: query keys are GET paths (the default query function joins them with "/").
export const CLASSES_KEY = ["/api/classes"] as const;
export const classKey = (id: string) => ["/api/classes", id] as const;
export const ASSIGNMENTS_KEY = ["/api/assignments"] as const;
export const assignmentKey = (id: string) => ["/api/assignments", id] as const;

// Student side.
export const MY_CLASSES_KEY = ["/api/student/classes"] as const;
export const MY_ASSIGNMENTS_KEY = ["/api/student/assignments"] as const;
export const MY_HISTORY_KEY = ["/api/student/history"] as const;
export const MY_ADDITIONS_KEY = ["/api/student/class-additions"] as const;
export const submissionKey = (id: string) => ["/api/student/submissions", id] as const;

export const classesApi = {
  createClass: (body: TCreateClassRequest) => apiJson<TClassSummary>("POST", "/api/classes", body),
  addStudent: (classId: string, body: TAddStudentRequest) =>
    apiJson<TClassDetail>("POST", `/api/classes/${classId}/students`, body),
  removeStudent: (classId: string, studentId: string) =>
    apiJson<TClassDetail>("DELETE", `/api/classes/${classId}/students/${studentId}`),
  removePending: (classId: string, additionId: string) =>
    apiJson<TClassDetail>("DELETE", `/api/classes/${classId}/pending/${additionId}`),
  createAssignment: (classId: string, body: TCreateAssignmentRequest) =>
    apiJson<TTeacherAssignment>("POST", `/api/classes/${classId}/assignments`, body),
  release: (submissionId: string) =>
    apiJson<{ id: string; releasedAt: string | null }>("POST", `/api/submissions/${submissionId}/release`),
  unrelease: (submissionId: string) =>
    apiJson<{ id: string; releasedAt: string | null }>("DELETE", `/api/submissions/${submissionId}/release`),
};

export const studentApi = {
  join: (code: string) => apiJson<TStudentClass>("POST", "/api/student/classes/join", { code }),
  acceptAddition: (id: string) => apiJson<TStudentClass>("POST", `/api/student/class-additions/${id}/accept`),
  declineAddition: (id: string) => apiJson<{ success: true }>("DELETE", `/api/student/class-additions/${id}`),
  createSubmission: (assignmentId: string) =>
    apiJson<TStudentSubmission>("POST", "/api/student/submissions", { assignmentId }),
  /** Adds one page photo at the end. */
  upload: (submissionId: string, file: File) => {
    const form = new FormData();
    form.append("image", file);
    return apiJson<TStudentSubmission>("POST", `/api/student/submissions/${submissionId}/upload`, form);
  },
  reorderPages: (submissionId: string, pageIds: string[]) =>
    apiJson<TStudentSubmission>("PUT", `/api/student/submissions/${submissionId}/pages/order`, { pageIds }),
  deletePage: (submissionId: string, pageId: string) =>
    apiJson<TStudentSubmission>("DELETE", `/api/student/submissions/${submissionId}/pages/${pageId}`),
};

export type { TAssignmentDetail, TClassDetail };

/**
 * Class work changes through other people's actions (a student submits, the teacher grades or returns a report),
 * so these screens reload their data each time they open, unlike the app's never-stale default.
 */
export const FRESH_ON_OPEN = { refetchOnMount: "always" } as const;
