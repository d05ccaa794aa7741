import { z } from "zod";
import type { ConsentChoices } from "./consent";

/** A checkbox: sent as `on` when ticked, absent when not. */
const ticked = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

const redirectTo = z.string().max(2048).optional();

/**
 * The consent form's posts, told apart by `intent`: accept all, reject all (one step each, the
 * same buttons side by side), or save the boxes ticked under "Choose".
 */
export const consentFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept-all"), redirectTo }),
  z.object({ intent: z.literal("reject-all"), redirectTo }),
  z.object({
    intent: z.literal("save"),
    statistics: ticked,
    marketing: ticked,
    redirectTo,
  }),
]);

export type ConsentForm = z.infer<typeof consentFormSchema>;

/** The choices a valid post makes. */
export function choicesOf(form: ConsentForm): ConsentChoices {
  switch (form.intent) {
    case "accept-all":
      return { statistics: true, marketing: true };
    case "reject-all":
      return { statistics: false, marketing: false };
    case "save":
      return { statistics: form.statistics, marketing: form.marketing };
  }
}
