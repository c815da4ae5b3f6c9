import { type KeyboardEvent, type ReactNode, type Ref, useImperativeHandle, useLayoutEffect, useRef } from "react";
import { cn } from "../../lib/utils.ts";
import { doubtAt, nextDoubt, type PageReading } from "./doubts.ts";

/** Shared box of the text and its marks: both must wrap identically. */
const BOX = "w-full rounded-md border p-3 text-base leading-relaxed whitespace-pre-wrap break-words";

export interface DoubtEditorHandle {
  /** Selects a character of the text and gives the editor the focus. */
  select(reading: PageReading): void;
  /** Gives the editor the focus with the caret at `offset`. */
  focusAt(offset: number): void;
}

/**
 * The page's text in a plain textarea with the doubtful characters underlined behind it (a mirror with the same
 * box and wrapping; the textarea grows with its text, so nothing scrolls apart). Putting the caret on a marked
 * character, by click or arrow keys, opens it; Alt+↓ / Alt+↑ go to the next / previous one, Alt+Enter accepts the
 * reading, Alt+1…4 replace it with the recogniser's next best readings; typing over the selected character replaces
 * it too (a typed character has no mark: the teacher read it).
 */
export function DoubtEditor({
  id,
  text,
  doubts,
  active,
  disabled,
  placeholder,
  onChange,
  onActivate,
  onAccept,
  onReplace,
  onLeaveEnd,
  ref,
}: {
  id: string;
  text: string;
  doubts: readonly PageReading[];
  active: PageReading | null;
  disabled: boolean;
  placeholder: string;
  onChange: (text: string) => void;
  onActivate: (reading: PageReading | null) => void;
  onAccept: (reading: PageReading) => void;
  onReplace: (reading: PageReading, replacement: string) => void;
  /** Alt+↓ past the last doubtful character (or Alt+↑ before the first): the next page may have some. */
  onLeaveEnd?: (direction: 1 | -1) => boolean;
  ref?: Ref<DoubtEditorHandle>;
}) {
  const area = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.max(240, el.scrollHeight + 2)}px`;
  });

  const select = (r: PageReading) => {
    const el = area.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(r.offset, r.offset + r.length);
    onActivate(r);
  };
  const focusAt = (offset: number) => {
    const el = area.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(offset, offset);
  };
  useImperativeHandle(ref, () => ({ select, focusAt }));

  const follow = () => {
    const el = area.current;
    if (!el) return;
    onActivate(doubtAt(doubts, el.selectionStart) ?? null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!e.altKey) return;
    const el = e.currentTarget;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const direction = e.key === "ArrowDown" ? 1 : -1;
      const caret = direction === 1 ? el.selectionEnd - 1 : el.selectionStart;
      const target = nextDoubt(doubts, caret, direction);
      const wrapped = !target || (direction === 1 ? target.offset <= caret : target.offset >= caret && caret >= 0);
      if (wrapped && onLeaveEnd?.(direction)) return;
      if (target) select(target);
      return;
    }
    if (!active) return;
    if (e.key === "Enter") {
      e.preventDefault();
      onAccept(active);
      return;
    }
    const n = Number(e.key);
    const alt = Number.isInteger(n) && n >= 1 ? active.alternatives?.[n - 1] : undefined;
    if (alt) {
      e.preventDefault();
      onReplace(active, alt.text);
    }
  };

  // the text with its doubtful characters wrapped, for the mirror behind the textarea
  const parts: ReactNode[] = [];
  let at = 0;
  for (const r of doubts) {
    if (r.offset < at) continue;
    parts.push(text.slice(at, r.offset));
    parts.push(
      <mark
        key={r.key}
        data-testid="doubt-mark"
        className={cn(
          "rounded-sm border-b-2 text-transparent",
          r === active || r.key === active?.key ? "border-amber-700 bg-amber-300" : "border-amber-500 bg-amber-100",
        )}
      >
        {text.slice(r.offset, r.offset + r.length)}
      </mark>,
    );
    at = r.offset + r.length;
  }
  parts.push(text.slice(at));
  // a final line break needs a character after it to take its height in the mirror
  parts.push("\u200b");

  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className={cn(BOX, "pointer-events-none absolute inset-0 border-transparent text-transparent")}
      >
        {parts}
      </div>
      <textarea
        ref={area}
        id={id}
        data-testid="essay-text"
        className={cn(
          BOX,
          "relative block resize-none overflow-hidden border-slate-300 bg-transparent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:bg-slate-50",
        )}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onClick={follow}
        onKeyUp={(e) => {
          if (!e.altKey) follow();
        }}
      />
    </div>
  );
}
