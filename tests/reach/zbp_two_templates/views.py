from zbp_two_templates.synth import make_synthesizer


def ask(settings, llm, question, nodes):
    synthesizer = make_synthesizer(llm, tone=settings.tone)
    return synthesizer.synthesize(question, nodes=nodes)
