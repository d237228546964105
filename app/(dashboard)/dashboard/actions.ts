"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { dismissAlert } from "@/lib/operations/alerts";

export const dismissAlertAction = async (alertId: string) => runOperation(dismissAlert, { params: { alertId } });
