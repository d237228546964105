import { createRouter } from "@/lib/http/router";
import { apiOperations } from "@/lib/operations";

/** The same router the /api/v1 route handler uses, for tests that need the raw response. */
export const dispatch = createRouter(apiOperations);
