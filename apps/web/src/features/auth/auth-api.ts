import type {
  TAuthResponse,
  TRegisterRequest,
  TRole,
  TSendVerificationCodeResponse,
  TUser,
  TVerificationPurpose,
} from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

export const authApi = {
  checkPasswordStatus: (phoneNumber: string) =>
    apiJson<{ hasCustomPassword: boolean }>("POST", "/api/auth/check-password-status", { phoneNumber }),
  loginPassword: (phoneNumber: string, password: string) =>
    apiJson<TAuthResponse>("POST", "/api/auth/login-password", { phoneNumber, password }),
  validateInvitation: (code: string, phoneNumber: string) =>
    apiJson<{ valid: true; message: string; role: TRole }>("POST", "/api/invitations/validate", { code, phoneNumber }),
  sendCode: (phoneNumber: string, purpose: "register" | "login" | "reset") =>
    apiJson<TSendVerificationCodeResponse>("POST", "/api/auth/send-verification-code", { phoneNumber, purpose }),
  loginCode: (phoneNumber: string, code: string) =>
    apiJson<TAuthResponse>("POST", "/api/auth/login-code", { phoneNumber, code }),
  resetPassword: (phoneNumber: string, code: string, newPassword: string, confirmPassword: string) =>
    apiJson<TAuthResponse>("POST", "/api/auth/reset-password", { phoneNumber, code, newPassword, confirmPassword }),
  checkCode: (phoneNumber: string, purpose: TVerificationPurpose, code: string) =>
    apiJson<{ valid: true }>("POST", "/api/auth/check-verification-code", { phoneNumber, purpose, code }),
  register: (body: TRegisterRequest) => apiJson<TAuthResponse>("POST", "/api/auth/register", body),
  verifyOldPhone: (phoneNumber: string) =>
    apiJson<TSendVerificationCodeResponse>("POST", "/api/auth/verify-old-phone", { phoneNumber }),
  verifyNewPhone: (phoneNumber: string) =>
    apiJson<TSendVerificationCodeResponse>("POST", "/api/auth/verify-new-phone", { phoneNumber }),
  updateProfile: (body: Record<string, unknown>) => apiJson<TUser>("PUT", "/api/user/profile", body),
  /** `currentPassword` undefined: the account sets its first password (it has none yet). */
  changePassword: (currentPassword: string | undefined, newPassword: string, confirmPassword: string) =>
    apiJson<{ success: true; message: string }>("POST", "/api/auth/change-password", {
      ...(currentPassword === undefined ? {} : { currentPassword }),
      newPassword,
      confirmPassword,
    }),
};
