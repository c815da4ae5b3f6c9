import type {
  TConfirmTextRequest,
  TCorrectionSuggestion,
  TCreateManuscriptRequest,
  TManuscript,
  TTeacherScoreRequest,
  TUpdateManuscriptRequest,
} from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

export const manuscriptKey = (id: string) => ["/api/manuscripts", id] as const;

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
  suggest: (text: string) =>
    apiJson<{ suggestions: TCorrectionSuggestion[] }>("POST", "/api/text-correction", { text }),
};
