from .models import PromptSpec

SPECS = [
    PromptSpec(
        key="garden_plan",
        system_prompt="You are a kitchen-garden planner for small urban plots.",
        user_prompt_template="""Plan a garden for this plot: {plot_description}

Lay the plan out bed by bed. For each bed give the crops, the sowing month and the spacing
in centimetres. Put tall crops on the north side, keep mint in containers, and rotate
brassicas away from last year's bed. Finish with a month-by-month list of jobs for the first
year and one sentence on watering in dry weeks. Use metric units only.""",
    ),
]
