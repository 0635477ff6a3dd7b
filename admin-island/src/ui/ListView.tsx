// The parts every list screen shares around its items: the search box, the category
// filter and the count above; "No results" when nothing matches; "Show more" (or
// "All N loaded") below; and why dragging is off while the list is searched.
import { Search, X } from "lucide-react";
import { type ReactNode, type Ref, useId } from "react";
import { LIST_BATCH } from "../content/list-view.ts";
import type { ListSearch } from "../content/resources/types.ts";
import type { ListView } from "../content/useListView.ts";
import { button, input, label } from "./styles.ts";
import { listWords as words } from "./words.ts";

/**
 * A labelled search box with its hint: Escape clears what was typed. Every list screen
 * and the inbox use it.
 */
export function SearchField({
  id,
  label: text,
  hint,
  value,
  inputRef,
  onChange,
  onClear,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  return (
    <div className="min-w-[min(100%,16rem)] flex-1">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted"
        />
        <input
          ref={inputRef}
          id={id}
          type="search"
          className={`${input} pl-9`}
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && value) {
              event.preventDefault();
              onClear();
            }
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {hint}
      </p>
    </div>
  );
}

export function ListTools({ view, search }: { view: ListView; search: ListSearch }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-xl bg-white p-4 shadow-sm">
      <SearchField
        id={`${id}-search`}
        label={words.search}
        hint={words.searchHint(search.labels)}
        value={view.query}
        inputRef={view.searchRef}
        onChange={view.setQuery}
        onClear={() => view.setQuery("")}
      />
      {search.category ? (
        <div className="w-full sm:w-56">
          <label htmlFor={`${id}-category`} className={label}>
            {search.category.label}
          </label>
          <select
            id={`${id}-category`}
            className={`${input} mt-1`}
            value={view.category}
            onChange={(event) => view.setCategory(event.target.value)}
          >
            <option value="">{words.allCategories}</option>
            {view.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {words.category(choice.label, choice.count)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p role="status" className="w-full text-sm font-medium text-ink-muted">
        {words.count(view.matching, view.total, view.filtered)}
      </p>
    </div>
  );
}

function NoResults({ view, search }: { view: ListView; search: ListSearch }) {
  const category = view.choices.find((choice) => choice.value === view.category)?.label ?? null;
  return (
    <div className="rounded-xl border-2 border-dashed border-surface-sunken p-8 text-center">
      <p className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">
        {words.noResults(view.shownQuery, search.category ? category : null)}
      </p>
      <p className="mt-2 text-ink-muted">{words.noResultsHint}</p>
      <button type="button" className={`${button.secondary} mt-5`} onClick={view.clear}>
        <X aria-hidden="true" className="size-4" />
        {words.clear}
      </button>
    </div>
  );
}

function MoreRows({ view }: { view: ListView }) {
  const { progress, matching } = view;
  if (progress.complete) {
    return matching > LIST_BATCH ? (
      <p className="text-center text-sm font-medium text-ink-muted">{words.allLoaded(matching)}</p>
    ) : null;
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-ink-muted">{words.showing(progress.shown, matching)}</p>
      <button type="button" className={button.secondary} onClick={view.showMore}>
        {words.showMore(progress.next)}
      </button>
    </div>
  );
}

/**
 * A loaded list with its tools: `children` is the list of the rows in `view.shown`,
 * whose element takes `view.listRef`. `reorderable`: the list can be dragged into a
 * new order when nothing is left out, so while something is, it says how to get back.
 */
export function FilteredList({
  view,
  search,
  reorderable = false,
  children,
}: {
  view: ListView;
  search: ListSearch;
  reorderable?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5">
      <ListTools view={view} search={search} />
      {reorderable && view.filtered ? (
        <p className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-ink" role="note">
          {words.reorderOff}
        </p>
      ) : null}
      {view.matching === 0 ? (
        <NoResults view={view} search={search} />
      ) : (
        <>
          {children}
          <MoreRows view={view} />
        </>
      )}
    </div>
  );
}
