// Test-only: jsdom lays nothing out, so every box measures 0 x 0 and dnd-kit's keyboard
// moves find no neighbour. This gives each sortable item (data-sortable-id) a box by
// its place among its siblings, one under the other, as a phone shows the lists.
import { vi } from "vitest";

export const ITEM_HEIGHT = 200;

function box(top: number, height: number): DOMRect {
  return {
    x: 0,
    y: top,
    top,
    left: 0,
    width: 320,
    height,
    right: 320,
    bottom: top + height,
    toJSON: () => ({}),
  } as DOMRect;
}

/** Stacks the sortable items for the rest of the test (setup.ts restores every mock). */
export function stackSortableItems(): void {
  const measure = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const item = this.closest("[data-sortable-id]");
    if (!item) return measure.call(this);
    const place = [...(item.parentElement?.children ?? [])].indexOf(item);
    const top = place * ITEM_HEIGHT;
    // The item, or something inside it (the handle): inside the item's box.
    return item === this ? box(top, ITEM_HEIGHT - 20) : box(top + 10, 40);
  });
}
