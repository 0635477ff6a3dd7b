// Shared class lists, so every screen's buttons and inputs look and behave alike.
export const button = {
  primary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-ink-soft/40 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60",
  danger:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60",
  small:
    "inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md border border-ink-soft/40 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60",
  smallDanger:
    "inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60",
};

export const input =
  "block w-full rounded-lg border border-ink-soft/50 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-soft focus:border-brand-600 aria-[invalid=true]:border-red-700";

export const label = "block text-sm font-semibold text-ink";

export const badgeTone = {
  green: "bg-green-100 text-green-900",
  blue: "bg-blue-100 text-blue-900",
  yellow: "bg-yellow-100 text-yellow-900",
  grey: "bg-gray-200 text-gray-800",
  brand: "bg-brand-100 text-brand-900",
  red: "bg-red-100 text-red-900",
} as const;
