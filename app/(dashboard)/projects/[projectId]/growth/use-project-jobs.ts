"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { JobState } from "@/lib/schemas/publishing";

const isRequestWork = (job: JobState) => job.status === "running" && (job.kind === "plan" || job.kind === "draft");

/**
 * The plans and drafts being written in the project, followed through its event stream (the
 * one the launch review follows runs with): the page's own list first, then every change,
 * so a reload or a second tab shows the same work and its progress. When nothing runs any
 * more the page is read again, to show what the work made. `follow()` starts following
 * (a click that starts work); while `holding` (that click's request is still answering), an
 * idle stream is opened again instead of given up, since the job may not be recorded yet.
 */
export function useProjectJobs(projectId: string, initial: JobState[], holding = false) {
  const router = useRouter();
  const [jobs, setJobs] = useState(initial.filter(isRequestWork));
  const [following, setFollowing] = useState(jobs.length > 0);
  const [round, setRound] = useState(0);
  const held = useRef(holding);
  held.current = holding;

  const initialKey = JSON.stringify(initial.map((job) => job.id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list from the server (a refresh) replaces the followed one.
  useEffect(() => {
    setJobs(initial.filter(isRequestWork));
    if (initial.some(isRequestWork)) setFollowing(true);
  }, [initialKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round opens the stream again.
  useEffect(() => {
    if (!following) return;
    let again: ReturnType<typeof setTimeout> | undefined;
    const source = new EventSource(`/projects/${projectId}/events`);
    source.addEventListener("state", (event) => {
      const state = JSON.parse((event as MessageEvent).data) as { jobs: JobState[] };
      setJobs(state.jobs.filter(isRequestWork));
    });
    const ended = () => {
      source.close();
      if (held.current) {
        again = setTimeout(() => setRound((value) => value + 1), 700);
        return;
      }
      setFollowing(false);
      setJobs([]);
      router.refresh();
    };
    source.addEventListener("end", ended);
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) ended();
    };
    return () => {
      clearTimeout(again);
      source.close();
    };
  }, [following, round, projectId, router]);

  const follow = useCallback(() => {
    setFollowing(true);
    setRound((value) => value + 1);
  }, []);
  return { jobs, follow };
}
