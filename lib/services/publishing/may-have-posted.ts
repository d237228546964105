import { AppError } from "@/lib/errors";

export const mayHavePosted = () =>
  new AppError(
    "not_publishable",
    "This post may already have gone out (its answer was lost): check the account, then confirm it (confirmPublication: posted with its link, or not posted to post it again).",
  );
