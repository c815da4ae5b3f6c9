import type {
  TConfirmTextRequest,
  TCorrectionSuggestion,
  TCreateManuscriptRequest,
  TManuscript,
  TManuscriptReadings,
  TReadingEvidence,
  TTeacherScoreRequest,
  TUpdateManuscriptRequest,
} from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

export const manuscriptKey = (id: string) => ["/api/manuscripts", id] as const;
/** The recogniser's evidence of a manuscript; `readAt` (the pages' recognition times) names the result it is of. */
export const readingsKey = (id: string, readAt: string) => ["/api/manuscripts", id, "readings", readAt] as const;

export const manuscriptsApi = {
  create: (body: TCreateManuscriptRequest) => apiJson<TManuscript>("POST", "/api/manuscripts", body),
  /** Adds one page photo at the end of the essay. */
  upload: (id: string, file: File) => {
    const form = new FormData();
    form.append("image", file);
    return apiJson<TManuscript>("POST", `/api/manuscripts/${id}/upload`, form);
  },
  ocr: (id: string) => apiJson<TManuscript>("POST", `/api/manuscripts/${id}/ocr`),
  reorderPages: (id: string, pageIds: string[]) =>
    apiJson<TManuscript>("PUT", `/api/manuscripts/${id}/pages/order`, { pageIds }),
  deletePage: (id: string, pageId: string) => apiJson<TManuscript>("DELETE", `/api/manuscripts/${id}/pages/${pageId}`),
  confirm: (id: string, body: TConfirmTextRequest) =>
    apiJson<TManuscript>("POST", `/api/manuscripts/${id}/confirm-text`, body),
  grade: (id: string) => apiJson<TManuscript>("POST", `/api/manuscripts/${id}/grade`),
  update: (id: string, body: TUpdateManuscriptRequest) => apiJson<TManuscript>("PATCH", `/api/manuscripts/${id}`, body),
  setTeacherScore: (id: string, score: number | null) =>
    apiJson<TManuscript>("PUT", `/api/manuscripts/${id}/teacher-score`, { score }),
  setTeacherScores: (id: string, body: TTeacherScoreRequest) =>
    apiJson<TManuscript>("PUT", `/api/manuscripts/${id}/teacher-score`, body),
  readings: (id: string) => apiJson<TManuscriptReadings>("GET", `/api/manuscripts/${id}/readings`),
  suggest: (text: string, readings?: TReadingEvidence[]) =>
    apiJson<{ suggestions: TCorrectionSuggestion[] }>("POST", "/api/text-correction", {
      text,
      ...(readings?.length ? { readings } : {}),
    }),
};
