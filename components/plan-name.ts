export { planName, planNames } from "@/lib/limits/plan-name";
