from .chart import *
from .story import StoryWriter
