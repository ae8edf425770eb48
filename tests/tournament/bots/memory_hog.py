from _faulty import Faulty


class MemoryHog(Faulty):
    name = "memory-hog"

    def misbehave(self, observation, legal_actions):
        hog = bytearray(8 << 30)  # 8 GiB: refused by the memory limit before any of it is touched
        return len(hog) % len(legal_actions)
