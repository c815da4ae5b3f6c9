import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { initI18n } from "./i18n/index.ts";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
