import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter } from "react-router";
import { Toaster } from "../components/ui/toast.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { AppRoutes } from "./AppRoutes.tsx";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster closeLabel={t("common.close")} />
    </QueryClientProvider>
  );
}
