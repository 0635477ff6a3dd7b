// When something happened, in the words every admin screen uses: "Today 14:05",
// "Yesterday 09:12" or "3 Nov, 16:40" (in the browser's own date and time order).

/** A moment as every admin screen says it. */
export function when(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const day = (d: Date) => d.toDateString();
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day(date) === day(now)) return `Today ${time}`;
  if (day(date) === day(yesterday)) return `Yesterday ${time}`;
  return `${date.toLocaleDateString([], { day: "numeric", month: "short" })}, ${time}`;
}
