"""Stored rows: each attribute is a column of the row an instance was read from."""
from datetime import datetime

from sqlalchemy import Column, DateTime, func
from sqlalchemy.orm import Mapped
from sqlmodel import Field, Relationship, SQLModel


class Row(SQLModel):
    id: int = Field(primary_key=True)


class Recording(Row, table=True):
    started_at: datetime = Field(sa_column=Column(DateTime(), server_default=func.now()),
                                 default=None)
    speakers: str = Field(default="")


class Meeting(Row, table=True):
    recording: Mapped["Recording"] = Relationship(back_populates="meeting")
