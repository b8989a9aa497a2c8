"""The priority throw (C-1) on its flow, without a screen: stages, ties, who plays first, saving."""
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.play.priority import (FirstChosen, PriorityDone, PriorityFlow, PriorityStage, PriorityTie,
                                RoundThrown)
from game.rules import Side


def play_priority(seed: int):
    session = Session.new(MatchOptions(rules="charpentier", length=3, autoplay=True), seed=seed)
    saves = []
    flow = PriorityFlow(session, lambda: saves.append(session.phase))
    assert flow.stage is PriorityStage.WAIT and flow.computers_only and flow.start() == []
    events = flow.throw()
    assert saves == [Phase.THROW] and flow.throw() == []         # drawn and saved once
    while flow.stage is not PriorityStage.DONE:
        assert isinstance(events[-1], (RoundThrown, PriorityTie, FirstChosen, PriorityDone))
        events += flow.settled() if flow.stage is PriorityStage.ROLL else flow.proceed()
    return session, events


def test_the_higher_die_plays_first_and_a_tie_is_thrown_again():
    ties = 0
    for seed in range(40):
        session, events = play_priority(seed)
        rounds = [e for e in events if isinstance(e, RoundThrown)]
        chosen = [e for e in events if isinstance(e, FirstChosen)]
        assert len(chosen) == 1 and isinstance(events[-1], PriorityDone)
        assert all(r.white == r.black for r in rounds[:-1]) and rounds[-1].white != rounds[-1].black
        assert len([e for e in events if isinstance(e, PriorityTie)]) == len(rounds) - 1
        ties += len(rounds) - 1
        first = chosen[0]
        assert (first.white, first.black) == (rounds[-1].white, rounds[-1].black)
        assert first.side is (Side.WHITE if first.white > first.black else Side.BLACK)
        assert session.phase is Phase.THROW and session.to_move is first.side
    assert ties > 0                       # some seed among 40 throws a tie first


def test_a_game_already_begun_goes_straight_to_the_table():
    session = Session.new(MatchOptions(rules="garanguet", length=1), seed=3)
    session.throw_priority()
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    flow = PriorityFlow(session, lambda: None)
    assert flow.stage is PriorityStage.DONE and flow.start() == [PriorityDone()]
    assert flow.throw() == [] and flow.settled() == [] and flow.proceed() == []
