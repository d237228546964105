"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { approveAsReviewer, editAsReviewer, requestChangesAsReviewer } from "@/lib/operations/reviews";

// One line each: public operations, the token checked again on every call.

export const approveAsReviewerAction = async (token: string, itemId: string, name: string) =>
  runOperation(approveAsReviewer, { params: { token, itemId }, body: { name } });
export const requestChangesAction = async (token: string, itemId: string, name: string, comment: string) =>
  runOperation(requestChangesAsReviewer, { params: { token, itemId }, body: { name, comment } });
export const editAsReviewerAction = async (token: string, itemId: string, name: string, body: string) =>
  runOperation(editAsReviewer, { params: { token, itemId }, body: { name, edit: { body } } });
