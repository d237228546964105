export { dismissAlert, listAlerts } from "./list";
export { scheduleMissedAlertMails } from "./missed-mails";
export { readAlertPreferences, updateAlertPreferences } from "./preferences";
export { recordAlert } from "./record-alert";
export { resolveAlerts } from "./resolve-alerts";
export { sendAlertsJobHandler } from "./send-alerts";
export { alertingFailure, inThePage, raiseDisconnected, raiseItemPublished, raisePostFailed, raiseRunFailed } from "./triggers";
export { alertUnplannedWeeks } from "./unplanned-weeks";
