// Whether the saved changes are on the live site: 'Publishing...', 'Live' with the
// time, or 'Publish failed' with the reason. 'Publish now' asks for a build at once,
// or says the site is already up to date when nothing is new.
import { useStore } from "@nanostores/react";
import { AlertTriangle, CheckCircle2, LoaderCircle, Undo2, UploadCloud } from "lucide-react";
import { useEffect, useRef } from "react";
import { $undo } from "../ui/notify.ts";
import { undoing } from "../ui/words.ts";
import { PUBLISH_FAILED_NOTE, type Publisher } from "./publish.ts";
import { publishing } from "./words.ts";

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function PublishStatus({ publisher }: { publisher: Publisher }) {
  const state = useStore(publisher.$state);
  const busy = state.phase === "publishing";
  const undo = useStore($undo);
  // The last change stays undoable here until a publish after it is live.
  const previous = useRef(state.phase);
  useEffect(() => {
    if (previous.current === "publishing" && state.phase === "live") $undo.set(null);
    previous.current = state.phase;
  }, [state.phase]);
  return (
    // The status and the button share one row, the status's text wrapping inside it; on
    // a phone the button shows its icon only.
    <div className="flex items-center gap-2">
      <p
        role="status"
        aria-live="polite"
        className="flex min-w-0 max-w-md items-start gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm text-white"
      >
        {state.phase === "live" ? (
          <>
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-300" />
            <span>
              <strong>Live</strong> · site updated {time(state.builtAt)}
              {state.upToDate ? <> · {publishing.upToDate}</> : null}
            </span>
          </>
        ) : state.phase === "publishing" ? (
          <>
            <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
            <strong>Publishing...</strong>
          </>
        ) : state.phase === "failed" ? (
          <>
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-yellow-300" />
            <span>
              <strong>Publish failed</strong>: {state.reason} {PUBLISH_FAILED_NOTE}
            </span>
          </>
        ) : state.phase === "unpublished" ? (
          <span>Changes not published yet</span>
        ) : (
          <span>Checking the live site...</span>
        )}
      </p>
      {undo ? (
        <button
          type="button"
          onClick={undo.run}
          title={`${undoing.action}: ${undo.message}`}
          aria-label={`${undoing.action}: ${undo.message}`}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-white/40 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10"
        >
          <Undo2 aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">{undoing.action}</span>
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => void publisher.publishNow()}
        disabled={busy}
        title="Publish now"
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-white/40 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <UploadCloud aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Publish now</span>
      </button>
    </div>
  );
}
