// Lists whose order the editor changes by dragging an item's handle: with a mouse, a
// finger (after a short press, so the page still scrolls and buttons still work) or
// the keyboard (space or enter on the handle, the arrow keys, space or enter again;
// escape cancels). Screen readers hear each step in plain words; the handle is a
// button named after its item. The list only reports the move: saving is the caller's.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { createContext, type ReactNode, useContext, useRef } from "react";
import { sortingEnded, sortingStarted } from "./sorting.ts";
import { ordering } from "./words.ts";

/** A mouse drag starts after this many pixels, so a click stays a click. */
const MOUSE_DISTANCE = 4;
/** A finger must rest this long on the handle before it drags, so a swipe still scrolls. */
const TOUCH_DELAY_MS = 150;
const TOUCH_TOLERANCE = 8;

interface SortableListProps {
  /** The items' ids, in their order. */
  ids: string[];
  /** Names an item for screen readers: 'Clean Water', 'Service 2'. */
  nameOf: (id: string) => string;
  /** What one item is called when its place is read out: 'card 2 of 6'. */
  unit: string;
  /**
   * How many items the whole list has, when `ids` are only its first ones (the rest
   * not shown yet): places are read out of the whole list.
   */
  total?: number;
  layout: "grid" | "vertical";
  /** The item at `from` was dropped at `to` (both counted from 0). */
  onMove: (from: number, to: number) => void;
  /** While true nothing can be picked up (a previous move is being saved). */
  disabled?: boolean;
  children: ReactNode;
}

export function SortableList({
  ids,
  nameOf,
  unit,
  total,
  layout,
  onMove,
  disabled,
  children,
}: SortableListProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DISTANCE } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: TOUCH_TOLERANCE },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The place last read out: hovering the same place again says nothing new.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const place = (id: UniqueIdentifier) =>
    ordering.place(unit, ids.indexOf(String(id)) + 1, Math.max(total ?? 0, ids.length));
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return ordering.pickedUp(name(active.id), place(active.id));
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return ordering.movedTo(name(active.id), place(over.id));
    },
    onDragEnd: ({ active, over }) =>
      over
        ? ordering.dropped(name(active.id), place(over.id))
        : ordering.cancelled(name(active.id), place(active.id)),
    onDragCancel: ({ active }) => ordering.cancelled(name(active.id), place(active.id)),
  };
  const finished = () => {
    sortingEnded();
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: ordering.instructions },
      }}
      onDragStart={() => {
        sortingStarted();
      }}
      onDragCancel={finished}
      onDragEnd={({ active, over }) => {
        finished();
        if (!over || active.id === over.id) return;
        const from = ids.indexOf(String(active.id));
        const to = ids.indexOf(String(over.id));
        if (from >= 0 && to >= 0) onMove(from, to);
      }}
    >
      <SortableContext
        items={ids}
        disabled={disabled}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface Handle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

const HandleContext = createContext<Handle | null>(null);

/** One item of a SortableList: a list item that follows the drag. */
export function SortableItem({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-sortable-id={id}
      data-card={id}
      data-dragging={isDragging ? "true" : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${className ?? ""} ${
        isDragging ? "relative z-20 shadow-2xl ring-2 ring-brand-600 ring-offset-2" : ""
      }`}
    >
      <HandleContext.Provider value={{ attributes, listeners, setActivatorNodeRef }}>
        {children}
      </HandleContext.Provider>
    </li>
  );
}

/**
 * The button an item is moved by: named 'Move <item>', described by the keyboard
 * instructions. Renders nothing outside a SortableItem, so an item can always ask for one.
 */
export function DragHandle({ name, className }: { name: string; className?: string }) {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={ordering.handle(name)}
      title={ordering.handle(name)}
      className={`inline-flex size-11 shrink-0 touch-none cursor-grab items-center justify-center rounded-lg border border-ink-soft/40 bg-white text-ink-muted shadow-sm hover:bg-surface-muted hover:text-ink active:cursor-grabbing aria-pressed:cursor-grabbing aria-pressed:bg-brand-50 aria-pressed:text-brand-800 ${className ?? ""}`}
    >
      <GripVertical aria-hidden="true" className="size-5" />
    </button>
  );
}

/** Moves the item at `from` to `to`, as a new array. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
