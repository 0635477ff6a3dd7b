// A refusal of the team function (functions/team), in the admin's own words for its
// code (last_admin, too_soon, ...); the code stays as the function gave it.
import { DataError } from "../api/errors.ts";

export class TeamError extends DataError {
  constructor(message: string, code: string) {
    super(message, code);
    this.name = "TeamError";
  }
}
