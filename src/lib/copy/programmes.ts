// What the four programme pages keep in code: their words are content (children_page,
// oldage_page, medical_page, relief_page), and what the programmes hold (banners,
// figures, about text, services, health tips, gallery) is their content records'.

import type { RowOf } from "../schema/tables";
import type { Stat } from "./types";

export type ProgrammeArea = "children" | "oldage" | "medical" | "relief";

/** A programme page's words (medical and relief add an about block, medical its tips'). */
export type ProgrammeWords =
  | RowOf<"children_page">
  | RowOf<"oldage_page">
  | RowOf<"medical_page">
  | RowOf<"relief_page">;

/**
 * The product's default figures per programme, shown when a programme's content has no
 * statistics of its own.
 */
export const defaultProgrammeStats: Readonly<Record<ProgrammeArea, readonly Stat[]>> = {
  children: [
    { number: "150+", label: "Children Cared For" },
    { number: "95%", label: "School Attendance" },
    { number: "12", label: "Dedicated Staff" },
  ],
  oldage: [
    { number: "80+", label: "Elderly Residents" },
    { number: "15", label: "Caring Staff" },
  ],
  medical: [
    { number: "5,000+", label: "Patients Treated" },
    { number: "12", label: "Medical Professionals" },
    { number: "50+", label: "Health Camps" },
  ],
  relief: [{ number: "24/7", label: "Response Ready" }],
};
