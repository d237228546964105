export type { ConnectedAccount, PublishRequest } from "./provider";
