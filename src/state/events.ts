/** A tiny typed event bus between the HTTP layer and the shell (error banner, loading bar, logout). */
export interface BannerError {
  status: number;
  message: string;
  severity: 'info' | 'warning' | 'error';
}

type Events = {
  error: BannerError;
  loading: number;
  logout: string | undefined;
  session: void;
};

type Listener<T> = (payload: T) => void;

class EventBus {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as Listener<Events[K]>)(payload);
  }
}

export const appEvents = new EventBus();
