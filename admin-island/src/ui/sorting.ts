// Whether an item of a sortable list is being moved right now. Escape then cancels the
// move, so a dialog around the list must not close on it. Kept apart from the list
// (Sortable.tsx) so that a dialog asks without loading the drag-and-drop library.

let dragsInProgress = 0;

export function sortingInProgress(): boolean {
  return dragsInProgress > 0;
}

export function sortingStarted(): void {
  dragsInProgress += 1;
}

export function sortingEnded(): void {
  dragsInProgress = Math.max(0, dragsInProgress - 1);
}
