raise ImportError("this bot needs a package that is not installed")


class Never:
    def act(self, observation, legal_actions):
        return 0
