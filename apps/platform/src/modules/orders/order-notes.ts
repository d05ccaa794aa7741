import { randomUUID } from "node:crypto";
import type { Database } from "../../db/open-database.js";
import { type OrderActorColumn, type OrderNoteRow, orderNotes } from "../../db/schema.js";
import { appendOrderEvent } from "./order-events.js";

export interface AddNoteInput {
  orderId: string;
  /** Already checked: trimmed, 1–2000 characters (`MAX_ORDER_NOTE_LENGTH` of `@kassa/domain`). */
  text: string;
  author: OrderActorColumn;
  onBehalfOf?: { id: string; name: string } | null;
  now: Date;
}

/** Adds a note to an order and its audit entry (`note_added`), in the caller's transaction. */
export async function addNote(db: Database, input: AddNoteInput): Promise<OrderNoteRow> {
  const [note] = await db
    .insert(orderNotes)
    .values({
      id: randomUUID(),
      orderId: input.orderId,
      text: input.text,
      author: input.author,
      createdAt: input.now,
    })
    .returning();
  if (!note) throw new Error("Inserting an order note returned no row");
  await appendOrderEvent(db, {
    orderId: input.orderId,
    kind: "note_added",
    actor: input.author,
    onBehalfOf: input.onBehalfOf,
    details: { noteId: note.id },
    at: input.now,
  });
  return note;
}
